import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from '@landing/App';
import { escapeHtml, fillContactDetails, fillContactNote, phoneHref } from '@shared/contact';

const contact = { email: 'help@doorstep.example', phone: '+91 80 4567 8900' };

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('fillContactDetails', () => {
  it('rewrites the text and links of every contact element of the prerendered page', () => {
    const prerendered = renderToString(createElement(App));
    expect(prerendered).toContain('support@example.com');

    const doc = parse(fillContactDetails(prerendered, contact));

    const emailTexts = [...doc.querySelectorAll('[data-contact="email"]')];
    const phoneTexts = [...doc.querySelectorAll('[data-contact="phone"]')];
    const emailLinks = [...doc.querySelectorAll<HTMLAnchorElement>('[data-contact-href="email"]')];
    const phoneLinks = [...doc.querySelectorAll<HTMLAnchorElement>('[data-contact-href="phone"]')];
    expect(emailTexts.length).toBeGreaterThan(0);
    expect(phoneTexts.length).toBeGreaterThan(0);
    // The header's 'Contact us', the delivery block's 'Contact' and the footer e-mail.
    expect(emailLinks.length).toBeGreaterThanOrEqual(3);
    expect(phoneLinks.length).toBeGreaterThan(0);

    for (const element of emailTexts) expect(element.textContent).toBe(contact.email);
    for (const element of phoneTexts) expect(element.textContent).toBe(contact.phone);
    for (const link of emailLinks) {
      expect(link.getAttribute('href')).toMatch(
        /^mailto:help@doorstep\.example(\?subject=[^&]+)?$/,
      );
    }
    for (const link of phoneLinks) expect(link.getAttribute('href')).toBe('tel:+918045678900');

    expect(doc.body.innerHTML).not.toContain('support@example.com');
    expect(doc.body.innerHTML).not.toContain('98765');
  });

  it('keeps the subject of a mailto link', () => {
    const html =
      '<a class="button" href="mailto:old@example.com?subject=Delivery%20enquiry" data-contact-href="email">Contact</a>';
    expect(fillContactDetails(html, contact)).toBe(
      '<a class="button" href="mailto:help@doorstep.example?subject=Delivery%20enquiry" data-contact-href="email">Contact</a>',
    );
  });

  it('finds the attributes in any order and leaves other markup alone', () => {
    const html =
      '<p>Call <a data-contact-href="phone" class="x" href="tel:+911234"><span data-contact="phone">+91 1234</span></a></p>' +
      '<span class="note">support@example.com is not marked</span>' +
      '<div data-contact="email" id="e">old@example.com</div>';
    expect(fillContactDetails(html, contact)).toBe(
      '<p>Call <a data-contact-href="phone" class="x" href="tel:+918045678900"><span data-contact="phone">+91 80 4567 8900</span></a></p>' +
        '<span class="note">support@example.com is not marked</span>' +
        '<div data-contact="email" id="e">help@doorstep.example</div>',
    );
  });

  it('escapes HTML in the details it inserts', () => {
    const html =
      '<a href="mailto:a@b.c" data-contact-href="email"><span data-contact="email">a@b.c</span></a>' +
      '<span data-contact="phone">1</span>';
    const filled = fillContactDetails(html, {
      email: '"x"@example.com><script>alert(1)</script>',
      phone: '<b>+91</b> 22 & 33',
    });

    expect(filled).not.toContain('<script>');
    expect(filled).not.toContain('<b>');
    const doc = parse(filled);
    expect(doc.querySelector('[data-contact="email"]')?.textContent).toBe(
      '"x"@example.com><script>alert(1)</script>',
    );
    expect(doc.querySelector('a')?.getAttribute('href')).toBe(
      'mailto:"x"@example.com><script>alert(1)</script>',
    );
    expect(doc.querySelector('[data-contact="phone"]')?.textContent).toBe('<b>+91</b> 22 & 33');
    expect(doc.querySelectorAll('a, span')).toHaveLength(3);
  });

  it('returns HTML without contact elements unchanged', () => {
    const html = '<main><h1>Hello</h1><a href="/terms">Terms</a></main>';
    expect(fillContactDetails(html, contact)).toBe(html);
  });
});

describe('contact helpers', () => {
  it('builds tel: links from numbers as people write them', () => {
    expect(phoneHref('+91 98765 43210')).toBe('tel:+919876543210');
    expect(phoneHref('(080) 4567-8900')).toBe('tel:08045678900');
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;',
    );
  });
});

describe('fillContactNote', () => {
  const prerendered = renderToString(createElement(App));

  it('puts the contact-us text into the landing page and shows it', () => {
    const doc = parse(fillContactNote(prerendered, '<p>Open <strong>7 AM to 9 PM</strong>.</p>'));
    const note = doc.querySelector('[data-contact-content]')!;
    expect(note.hasAttribute('hidden')).toBe(false);
    expect(note.innerHTML).toBe('<p>Open <strong>7 AM to 9 PM</strong>.</p>');
  });

  it('leaves the holder empty and hidden until a text is saved', () => {
    const doc = parse(fillContactNote(prerendered, '  '));
    const note = doc.querySelector('[data-contact-content]')!;
    expect(note.hasAttribute('hidden')).toBe(true);
    expect(note.innerHTML).toBe('');
  });
});
