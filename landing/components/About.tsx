import { BRAND_NAME } from './Brand';

const FACTS = [
  { value: '3', label: 'cities: Bengaluru, Delhi and Mumbai' },
  { value: '7 days', label: 'a week, including public holidays' },
  { value: '5', label: 'services live, two more on the way' },
];

export function About() {
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className="container about">
        <div className="about__copy">
          <p className="eyebrow">About us</p>
          <h2 id="about-title">A neighbourhood service that grew with its customers</h2>
          <p>
            {BRAND_NAME} began as a drinking-water delivery service for a handful of apartment
            societies. Our customers kept asking for more: an oxygen cylinder when a parent came
            home from hospital, a laundry pickup during a busy week, a dependable tiffin for a
            student living away from home.
          </p>
          <p>
            Today we bring all of that together in one app, delivered by local partners who know
            your area. We serve by pin code, so what you see in the app is what we can reliably
            deliver to your door, and we add a service only when we can run it well.
          </p>
        </div>
        <dl className="facts">
          {FACTS.map((fact) => (
            <div key={fact.label} className="facts__item">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
