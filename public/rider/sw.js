/*
 * The riders' page offline (issue 40): a phone that reloads /rider with no network (a tab the
 * phone discarded, a rider in a basement) opens the page from here; the stops and the actions
 * waiting to be sent are already kept on the phone (rider/storage.ts, rider/queue.ts).
 *
 * - The page (any /rider URL serves the same HTML): from the network when there is one, kept
 *   here each time; else the kept copy.
 * - Its files (/assets/..., names carrying a hash of their content, so they never change): kept
 *   here once, from here after. Each time the page is kept, the files it no longer names go.
 * - Nothing else: calls to /api pass through (the page queues what it cannot send).
 */
const CACHE = 'rider-page';
const PAGE = '/rider';

/** The files the page's HTML names. */
const assetsOf = (html) =>
  [...html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((match) => match[1]);

/** Keeps the page (an OK answer to a /rider URL) and the files it names; drops the rest. */
async function keepPage(response) {
  const html = await response.clone().text();
  const assets = assetsOf(html);
  const cache = await caches.open(CACHE);
  const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  await cache.addAll(assets.filter((asset) => !kept.has(asset)));
  await cache.put(PAGE, response);
  const wanted = new Set([PAGE, ...assets]);
  for (const request of await cache.keys()) {
    if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(PAGE, { cache: 'no-cache' })
      .then((response) => (response.ok ? keepPage(response) : undefined))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (
    request.mode === 'navigate' &&
    (url.pathname === PAGE || url.pathname.startsWith(`${PAGE}/`))
  ) {
    event.respondWith(
      fetch(request).then(
        (response) => {
          if (response.ok) event.waitUntil(keepPage(response.clone()).catch(() => undefined));
          return response;
        },
        async (error) => {
          const kept = await caches.match(PAGE);
          if (kept) return kept;
          throw error;
        },
      ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request, { ignoreSearch: true }).then(
        (kept) =>
          kept ??
          fetch(request).then(async (response) => {
            // A file loaded later (a chunk the HTML does not name) is kept as well.
            if (response.ok) await (await caches.open(CACHE)).put(url.pathname, response.clone());
            return response;
          }),
      ),
    );
  }
});
