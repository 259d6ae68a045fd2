// The landing page is prerendered once at build time with placeholder contact details. The server
// reads the real support e-mail and phone from the contact-us content and calls
// fillContactDetails on the prerendered HTML, so changing them never needs a rebuild.
//
// Plain TS (no DOM, no Node): the landing page and the server's pages share it.
//
// Markup contract (see landing/components/ContactLinks.tsx):
// - an element with data-contact="email" | "phone" holds the plain text of the detail;
// - an element with data-contact-href="email" | "phone" has href="mailto:..." or href="tel:...";
// - one empty, hidden <div data-contact-content=""> receives the contact-us text (fillContactNote).
// The HTML is React's own output, which escapes '>' inside attribute values, so a tag never
// contains a bare '>' before its end.

export interface ContactDetails {
  email: string;
  phone: string;
}

type ContactKind = keyof ContactDetails;

/** Shown until the contact-us content is saved in the panel (and in the prerendered page). */
export const DEFAULT_CONTACT: ContactDetails = {
  email: 'support@example.com',
  phone: '+91 98765 43210',
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** The tel: form of a phone number as people write it: '+91 98765 43210' -> '+919876543210'. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.slice(0, 1)}${digits.slice(1).replace(/\+/g, '')}`;
}

export function emailHref(email: string): string {
  return `mailto:${email.trim()}`;
}

function hrefFor(kind: ContactKind, contact: ContactDetails): string {
  return kind === 'email' ? emailHref(contact.email) : phoneHref(contact.phone);
}

// An opening tag carrying data-contact-href="email|phone".
const HREF_TAG = /<[a-zA-Z][\w-]*\s[^>]*?\bdata-contact-href="(email|phone)"[^>]*>/g;
// An element carrying data-contact="email|phone" whose content is text only.
const TEXT_ELEMENT =
  /(<([a-zA-Z][\w-]*)\s[^>]*?\bdata-contact="(email|phone)"[^>]*>)([^<]*)(<\/\2>)/g;

export function fillContactDetails(html: string, contact: ContactDetails): string {
  const withHrefs = html.replace(HREF_TAG, (tag, kind: ContactKind) =>
    tag.replace(/\shref="([^"]*)"/, (_attr, current: string) => {
      // Keep a query such as ?subject=... that the link was written with.
      const queryAt = current.indexOf('?');
      const query = kind === 'email' && queryAt >= 0 ? current.slice(queryAt) : '';
      return ` href="${escapeHtml(hrefFor(kind, contact))}${query}"`;
    }),
  );
  return withHrefs.replace(
    TEXT_ELEMENT,
    (_element, open: string, _tag: string, kind: ContactKind, _text: string, close: string) =>
      `${open}${escapeHtml(contact[kind].trim())}${close}`,
  );
}

// The empty, hidden holder of the contact-us text, as React renders it.
const NOTE_HOLDER = /<div([^>]*?)\sdata-contact-content=""([^>]*?)\shidden=""([^>]*)><\/div>/;

/**
 * Puts the contact-us text saved in the panel (rich text, sanitised when it was saved) into the
 * landing page and shows it; without a text the holder stays empty and hidden.
 */
export function fillContactNote(html: string, note: string): string {
  if (!note.trim()) return html;
  return html.replace(
    NOTE_HOLDER,
    (_holder, before: string, between: string, after: string) =>
      `<div${before} data-contact-content=""${between}${after}>${note}</div>`,
  );
}
