import { statSync, readFileSync } from 'node:fs';

/**
 * A built HTML file read once and again only when a rebuild changes it, so pages served per
 * request neither hit the disk each time nor need a restart after `npm run build`.
 * Answers null while the file does not exist (bundles not built).
 */
export function templateFile(file: string): () => string | null {
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    }
    return cached.html;
  };
}

/** The stylesheets a built page links to (the landing's hashed CSS), reused by other pages. */
export function stylesheetsOf(html: string): string[] {
  const hrefs: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?stylesheet\b/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) hrefs.push(href);
  }
  return hrefs;
}
