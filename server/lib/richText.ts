import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (terms, privacy, contact us) is sanitised once, on save, so the stored HTML can be
 * put into any page as it is. The panel's live preview asks the server (POST content/preview)
 * rather than running this in the browser: sanitize-html pulls in postcss and weighs ~97 KB gzip,
 * which the panel's single vendor chunk would load on every screen.
 */

export const MAX_RICH_TEXT_CHARS = 100_000;

export const RICH_TEXT_TOO_LONG = `The text is too long: at most ${MAX_RICH_TEXT_CHARS.toLocaleString('en-IN')} characters. Shorten it and save again.`;

const ALIGNED = ['p', 'h2', 'h3', 'h4', 'li', 'span', 'blockquote'];

/** True for an absolute http(s) link: those open in a new tab without handing over `opener`. */
function isExternal(href: string): boolean {
  return /^\s*https?:\/\//i.test(href);
}

export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'hr',
    'code',
    'pre',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    ...Object.fromEntries(ALIGNED.map((tag) => [tag, ['style']])),
  },
  // Alignment from the editor's toolbar is the only style kept.
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Their text is not content: drop it with the tag instead of keeping it as loose text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'title'],
  transformTags: {
    // Pages put their own title in an h1; the editor's levels shift to fit under it.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    strike: 's',
    del: 's',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const kept: sanitizeHtml.Attributes = href ? { href } : {};
      if (isExternal(href)) Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: kept };
    },
  },
};

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/**
 * The stored form of a rich text: allowed formatting only, safe links, and '' when nothing
 * readable is left (an empty editor answers `<p></p>`), so pages can say "not published yet".
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
  const text = sanitizeHtml(clean, TEXT_ONLY).replace(/&nbsp;|\s/g, '');
  return text === '' ? '' : clean;
}
