import { CheckIcon } from './Icons';

interface Service {
  id: string;
  title: string;
  image: string;
  alt: string;
  summary: string;
  points: string[];
  upcoming?: boolean;
}

const SERVICES: Service[] = [
  {
    id: 'water',
    title: 'Water jar supply',
    image: 'water-jar',
    alt: 'A 25 litre and a 20 litre drinking water jar next to a dispenser tap',
    summary:
      'Purified drinking water in sealed 20 or 25 litre jars, delivered on a schedule or the day you run low. We collect the empties on our next visit.',
    points: [
      '20 litre and 25 litre jars',
      'Dispensers, taps and jar stands',
      'Weekly plans or one-off orders',
    ],
  },
  {
    id: 'oxygen',
    title: 'Oxygen cylinders',
    image: 'oxygen-cylinder',
    alt: 'A medical oxygen cylinder with a regulator, flow meter and face mask',
    summary:
      'Medical oxygen cylinders for care at home, delivered and exchanged by trained staff, with the fittings you need to get started.',
    points: [
      'Cylinder delivery and refills',
      'Regulators, masks and flow meters',
      'Help with setting up at home',
    ],
  },
  {
    id: 'laundry',
    title: 'Laundry',
    image: 'laundry',
    alt: 'A laundry basket of folded clothes beside a freshly ironed shirt on a hanger',
    summary:
      'Wash and fold, steam ironing and dry cleaning. We pick up from your door and bring everything back fresh, folded and on time.',
    points: [
      'Pickup and drop at a time you choose',
      'Wash and fold, steam ironing',
      'Dry cleaning for sarees and suits',
    ],
  },
  {
    id: 'tiffin',
    title: 'Tiffin delivery',
    image: 'tiffin',
    alt: 'A three-tier steel tiffin box with rotis and a bowl of dal',
    summary:
      'Home-style meal plans for students, working professionals and elders, cooked fresh every day and delivered hot for lunch or dinner.',
    points: [
      'Weekly and monthly meal plans',
      'Veg and non-veg menus',
      'Pause or skip a day from the app',
    ],
  },
  {
    id: 'food',
    title: 'Home food delivery',
    image: 'food-bowl',
    alt: 'A steaming bowl of biryani on a banana leaf',
    summary:
      'Freshly cooked meals from trusted local kitchens when you do not feel like cooking, ordered in a few taps.',
    points: [
      'Breakfast, lunch and dinner',
      'Kitchens checked for hygiene',
      'Pay online or on delivery',
    ],
  },
  {
    id: 'electrician',
    title: 'Electrician services',
    image: 'electrician',
    alt: 'A light bulb, a screwdriver and a plug',
    summary:
      'Verified electricians for wiring faults, fan and light fitting, switchboards and appliance installation.',
    points: ['Upfront visiting charges', 'Verified, experienced technicians'],
    upcoming: true,
  },
  {
    id: 'plumber',
    title: 'Plumber services',
    image: 'plumber',
    alt: 'A dripping tap, a wrench and a bucket',
    summary:
      'Plumbers for leaking taps, blocked drains, water tank cleaning and bathroom fittings.',
    points: ['Upfront visiting charges', 'Verified, experienced technicians'],
    upcoming: true,
  },
];

export function Services() {
  return (
    <section id="services" className="section" aria-labelledby="services-title">
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">Our services</p>
          <h2 id="services-title">Everything your home needs, from one app</h2>
          <p className="section__lead">
            Order any service for your address, add family members to your account, and see the
            price in rupees before you pay.
          </p>
        </div>
        <ul className="service-grid">
          {SERVICES.map((service) => (
            <li
              key={service.id}
              className={`service-card service-card--${service.id}${service.upcoming ? ' service-card--upcoming' : ''}`}
            >
              <div className="service-card__art">
                <img
                  src={`/images/landing/${service.image}.svg`}
                  width="240"
                  height="160"
                  alt={service.alt}
                  loading="lazy"
                />
              </div>
              <div className="service-card__body">
                <h3>
                  {service.title}
                  {service.upcoming && <span className="badge">Upcoming</span>}
                </h3>
                <p>{service.summary}</p>
                <ul className="check-list">
                  {service.points.map((point) => (
                    <li key={point}>
                      <CheckIcon className="icon icon--small" />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
