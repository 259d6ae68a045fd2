import type { ComponentType } from 'react';
import { AppIcon, ClockIcon, HeadsetIcon, RupeeIcon, ShieldIcon, WalletIcon } from './Icons';

const REASONS: { title: string; text: string; Icon: ComponentType<{ className?: string }> }[] = [
  {
    title: 'Delivery slots you choose',
    text: 'Pick a morning or evening slot for your address. We let you know when your delivery partner is on the way.',
    Icon: ClockIcon,
  },
  {
    title: 'Sealed and checked',
    text: 'Every water jar leaves our store sealed, and every oxygen cylinder is checked for pressure and leaks before delivery.',
    Icon: ShieldIcon,
  },
  {
    title: 'Clear prices in ₹',
    text: 'You see the full price, with delivery charges and any jar deposit, before you confirm. Nothing extra at the door.',
    Icon: RupeeIcon,
  },
  {
    title: 'One app for the whole home',
    text: 'Water, oxygen, laundry and meals from one account, one address book and one order history for the family.',
    Icon: AppIcon,
  },
  {
    title: 'Pay the way you like',
    text: 'UPI, debit and credit cards, net banking or cash on delivery. Invoices are in the app whenever you need them.',
    Icon: WalletIcon,
  },
  {
    title: 'Support that answers',
    text: 'Raise a ticket in the app or write to us. Our support team replies every day of the week, including Sundays.',
    Icon: HeadsetIcon,
  },
];

export function WhyUs() {
  return (
    <section id="why-us" className="section section--tinted" aria-labelledby="why-us-title">
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">Why choose us</p>
          <h2 id="why-us-title">Reliable service, every single delivery</h2>
        </div>
        <ul className="reason-grid">
          {REASONS.map(({ title, text, Icon }) => (
            <li key={title} className="reason">
              <span className="reason__icon">
                <Icon />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
