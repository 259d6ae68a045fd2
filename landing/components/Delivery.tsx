import { EmailLink } from './ContactLinks';
import { ArrowIcon } from './Icons';

const STEPS = [
  {
    title: 'Choose a service',
    text: 'Enter your pin code to see the services, prices and delivery times for your area.',
  },
  {
    title: 'Pick a slot',
    text: 'Order once or set up a plan: a jar every Monday, a tiffin every weekday.',
  },
  {
    title: 'Pay and relax',
    text: 'Pay online or on delivery, and follow your order in the app until it reaches you.',
  },
];

export function Delivery({ supportEmail }: { supportEmail: string }) {
  return (
    <section id="delivery" className="section" aria-labelledby="delivery-title">
      <div className="container">
        <div className="delivery">
          <div className="delivery__copy">
            <p className="eyebrow eyebrow--light">Doorstep delivery</p>
            <h2 id="delivery-title">Delivered to your door, on your schedule</h2>
            <p>
              Our delivery partners carry jars up the stairs, set up cylinders safely and hand over
              meals while they are still hot. Start in a couple of minutes.
            </p>
            <div className="button-row">
              <a className="button button--light button--large" href="#download">
                Get Started
                <ArrowIcon />
              </a>
              <EmailLink
                email={supportEmail}
                subject="Delivery enquiry"
                className="button button--ghost button--large"
              >
                Contact
              </EmailLink>
            </div>
          </div>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="steps__item">
                <span className="steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
