import { ArrowIcon, CheckIcon, PinIcon } from './Icons';

const HIGHLIGHTS = [
  'Sealed 20 and 25 litre water jars',
  'Morning and evening delivery slots',
  'Pay by UPI, card or cash on delivery',
];

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">
            <PinIcon className="icon icon--small" />
            Now delivering in Bengaluru, Delhi and Mumbai
          </p>
          <h1 id="hero-title">Water, oxygen, laundry and meals, delivered to your door</h1>
          <p className="hero__lead">
            One app for the things a home runs on. Book a water jar refill, an oxygen cylinder, a
            laundry pickup or a monthly tiffin plan, and our local delivery partners bring it when
            it suits you.
          </p>
          <div className="button-row">
            <a className="button button--primary button--large" href="#download">
              Get the app
              <ArrowIcon />
            </a>
            <a className="button button--outline button--large" href="#services">
              See our services
            </a>
          </div>
          <ul className="check-list hero__highlights">
            {HIGHLIGHTS.map((item) => (
              <li key={item}>
                <CheckIcon className="icon icon--small" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="hero__art">
          <img
            src="/images/landing/hero-delivery.svg"
            width="560"
            height="420"
            alt="A delivery scooter carrying a 20 litre water jar and an insulated delivery box through the city"
            fetchPriority="high"
          />
        </div>
      </div>
    </section>
  );
}
