import type { ReactNode } from 'react';
import { emailHref, phoneHref } from '@shared/contact';

// Every contact detail is marked with data-contact / data-contact-href so the server can put the
// current support e-mail and phone into the prerendered page (see shared/contact.ts).

interface LinkProps {
  className?: string;
  subject?: string;
  children?: ReactNode;
}

export function EmailLink({ email, className, subject, children }: LinkProps & { email: string }) {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return (
    <a className={className} href={`${emailHref(email)}${query}`} data-contact-href="email">
      {children ?? <span data-contact="email">{email}</span>}
    </a>
  );
}

export function PhoneLink({ phone, className, children }: LinkProps & { phone: string }) {
  return (
    <a className={className} href={phoneHref(phone)} data-contact-href="phone">
      {children ?? <span data-contact="phone">{phone}</span>}
    </a>
  );
}
