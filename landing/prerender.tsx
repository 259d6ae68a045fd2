// Runs after `vite build`: puts the statically rendered landing page into the built HTML, so the
// page shows its content with JavaScript off. The server later fills in the current contact
// details with fillContactDetails (shared/contact.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { App } from './App';

const MARKER = '<!--landing-app-->';
const htmlPath = fileURLToPath(new URL('../dist/landing/index.html', import.meta.url));

const html = readFileSync(htmlPath, 'utf8');
const markerCount = html.split(MARKER).length - 1;
if (markerCount !== 1) {
  throw new Error(
    `landing prerender: expected exactly one ${MARKER} in ${htmlPath}, found ${markerCount}. ` +
      'Was it already prerendered, or did landing/index.html change?',
  );
}

const appHtml = renderToString(<App />);
writeFileSync(
  htmlPath,
  html.replace(MARKER, () => appHtml),
);
console.log(`landing prerender: wrote ${htmlPath} (${appHtml.length} characters of markup)`);
