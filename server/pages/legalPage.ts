import { BRAND_NAME, BRAND_TAGLINE } from '@shared/brand';
import { emailHref, escapeHtml, phoneHref, type ContactDetails } from '@shared/contact';
import { INDIA_TIME_ZONE } from '@shared/time';

export interface PageShell {
  /** The landing's built stylesheets; empty when the bundles are not built. */
  stylesheets: string[];
  contact: ContactDetails;
  /** The path of this page, marked as current in the navigation. */
  path: string;
}

export interface LegalPage extends PageShell {
  title: string;
  /** Sanitised on save (server/lib/richText.ts), so put in as it is; '' when never published. */
  html: string;
  updatedAt?: Date | null;
}

const NAV = [
  { href: '/', label: 'Home' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
];

// The article's typography and the header links; the header, footer and colours come from the
// landing's stylesheet. Enough on its own to stay readable before the bundles are built.
const PAGE_CSS = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;line-height:1.6;color:#0f172a}
.legal-nav ul{display:flex;gap:.25rem 1rem;flex-wrap:wrap;list-style:none;margin:0;padding:0}
.legal-nav a{display:inline-block;padding:.5rem .25rem;color:#0f172a;font-weight:600;text-decoration:none}
.legal-nav a:hover,.legal-nav a[aria-current=page]{color:#0a5ea8;text-decoration:underline;text-underline-offset:.3em}
.legal{max-width:46rem;margin:0 auto;padding:2.5rem 1.25rem 4rem}
.legal h1{font-size:clamp(1.8rem,4vw,2.4rem);line-height:1.2;margin:0 0 .5rem}
.legal__updated{color:#475569;margin:0 0 2rem}
.legal__body{overflow-wrap:anywhere}
.legal__body h2{font-size:1.4rem;margin:2rem 0 .5rem}
.legal__body h3{font-size:1.15rem;margin:1.5rem 0 .5rem}
.legal__body h4{font-size:1rem;margin:1.25rem 0 .5rem}
.legal__body a{color:#0a5ea8}
.legal__body blockquote{margin:1rem 0;padding:.25rem 1rem;border-left:4px solid #dbe4ee;color:#334155}
.legal__body pre{overflow-x:auto;padding:1rem;background:#f2f7fc;border-radius:8px}
.legal__body ul,.legal__body ol{padding-left:1.5rem}
.legal__empty{padding:1.25rem;background:#f2f7fc;border-radius:12px}
.not-found__code{margin:0;color:#0a5ea8;font-weight:700;letter-spacing:.1em}
.not-found__home{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#0a5ea8;color:#fff;font-weight:600;text-decoration:none}
.not-found__home:hover{background:#084b86}
.legal-footer{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1.5rem}
.legal-footer ul{list-style:none;margin:0;padding:0}
`;

function header(path: string): string {
  const links = NAV.map(
    (link) =>
      `<li><a href="${link.href}"${link.href === path ? ' aria-current="page"' : ''}>${link.label}</a></li>`,
  ).join('');
  return `<header class="site-header"><div class="container site-header__inner">
<a class="brand" href="/" aria-label="${escapeHtml(BRAND_NAME)}, home"><img src="/images/landing/logo.svg" width="40" height="40" alt=""><span class="brand__text"><span class="brand__name">${escapeHtml(BRAND_NAME)}</span><span class="brand__tagline">${escapeHtml(BRAND_TAGLINE)}</span></span></a>
<nav class="legal-nav" aria-label="Main"><ul>${links}</ul></nav>
</div></header>`;
}

function footer(contact: ContactDetails): string {
  const year = new Date().getFullYear();
  return `<footer class="site-footer"><div class="container legal-footer">
<div><h2 class="site-footer__heading">Contact</h2><ul class="site-footer__contact">
<li><a href="${escapeHtml(emailHref(contact.email))}">${escapeHtml(contact.email)}</a></li>
<li><a href="${escapeHtml(phoneHref(contact.phone))}">${escapeHtml(contact.phone)}</a></li>
</ul></div>
<div><h2 class="site-footer__heading">Legal</h2><ul class="site-footer__links">
<li><a href="/terms">Terms and conditions</a></li>
<li><a href="/privacy">Privacy policy</a></li>
</ul></div>
</div>
<div class="container site-footer__bottom"><p>© ${year} ${escapeHtml(BRAND_NAME)}. All rights reserved.</p><p><a href="/">Back to the website</a></p></div>
</footer>`;
}

/** A complete page in the landing's look around `main` (already escaped or sanitised HTML). */
export function renderPage(
  shell: PageShell & { title: string; description: string },
  main: string,
) {
  const styles = shell.stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(shell.title)} · ${escapeHtml(BRAND_NAME)}</title>
<meta name="description" content="${escapeHtml(shell.description)}">
<meta name="theme-color" content="#0a5ea8">
<link rel="icon" type="image/svg+xml" href="/images/landing/logo.svg">
${styles}
<style>${PAGE_CSS}</style>
</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
${header(shell.path)}
<main id="main" tabindex="-1" class="legal">
${main}
</main>
${footer(shell.contact)}
</body>
</html>
`;
}

function formatDay(date: Date): string {
  return date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: INDIA_TIME_ZONE,
  });
}

/** /terms and /privacy: the saved text, or a note that it is not published yet. */
export function renderLegalPage(page: LegalPage): string {
  const title = escapeHtml(page.title);
  const body = page.html
    ? `${page.updatedAt ? `<p class="legal__updated">Last updated on ${formatDay(page.updatedAt)}</p>` : ''}
<div class="legal__body">${page.html}</div>`
    : `<p class="legal__empty">This page has not been published yet. For questions, write to <a href="${escapeHtml(emailHref(page.contact.email))}">${escapeHtml(page.contact.email)}</a>.</p>`;
  return renderPage(
    { ...page, description: `${page.title} of ${BRAND_NAME}.` },
    `<h1>${title}</h1>\n${body}`,
  );
}

/** An unknown page of the website: what happened and the way home, in the landing's look. */
export function renderNotFoundPage(shell: PageShell): string {
  return renderPage(
    {
      ...shell,
      title: 'Page not found',
      description: `This page of ${BRAND_NAME} does not exist.`,
    },
    `<p class="not-found__code">404</p>
<h1>Page not found</h1>
<p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
<p><a class="not-found__home" href="/">Go to the home page</a></p>`,
  );
}
