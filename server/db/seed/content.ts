import { DEFAULT_CONTACT } from '@shared/contact';
import { sanitizeRichText } from '../../lib/richText';
import type { Database } from '../client';
import { contentPagesTable } from '../schema';

const TERMS = `
<h2>Using the service</h2>
<p>These terms apply to every order placed through our app or website for water jars, oxygen
cylinders, laundry, tiffin meal plans and household products. By placing an order you accept them.</p>
<h2>Orders and delivery</h2>
<ul>
  <li>Deliveries are made in the slot chosen at checkout; emergency orders carry an extra charge.</li>
  <li>Please keep the empty jars or cylinders ready: they are collected on delivery.</li>
  <li>You can cancel an order until it is out for delivery.</li>
</ul>
<h2>Deposits and returns</h2>
<p>Jars and cylinders remain our property. A return request is settled within two working days;
approved deposits are refunded to your wallet.</p>
<h2>Payments</h2>
<p>Prices include GST as shown at checkout. Pay online, from your wallet or in cash on delivery.</p>
<h2>Contact</h2>
<p>Write to <a href="mailto:${DEFAULT_CONTACT.email}">${DEFAULT_CONTACT.email}</a> with any question.</p>`;

const PRIVACY = `
<h2>What we collect</h2>
<p>Your name, phone number, e-mail, delivery addresses and order history: what we need to deliver
your orders and to answer your questions.</p>
<h2>How we use it</h2>
<ul>
  <li>To deliver, bill and support your orders.</li>
  <li>To send order updates by SMS or e-mail. We never sell your data.</li>
</ul>
<h2>Your choices</h2>
<p>You can correct your details in the app or ask us to delete your account at any time.</p>`;

const CONTACT = `
<p>Our support team answers every day from <strong>7 AM to 9 PM</strong>.</p>
<p>For an emergency oxygen refill, call us: we dispatch within two hours in Bengaluru, Delhi and
Mumbai.</p>`;

/**
 * Demo terms, privacy policy and contact-us text (with the landing page's default support
 * e-mail and phone), through the same sanitiser as the panel's saves. Adds only missing texts.
 */
export async function seedContent(db: Database): Promise<void> {
  await db
    .insert(contentPagesTable)
    .values([
      { key: 'terms', content: sanitizeRichText(TERMS) },
      { key: 'privacy', content: sanitizeRichText(PRIVACY) },
      { key: 'contact', content: sanitizeRichText(CONTACT), ...DEFAULT_CONTACT },
    ])
    .onConflictDoNothing();
}
