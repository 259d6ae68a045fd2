import { createServer } from 'node:net';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

// A phone on a mobile network, for the benches that measure pages (bench/panel-mobile.ts,
// bench/rider-mobile.ts): Lighthouse's mobile profile through the DevTools protocol.

/** Lighthouse's mobile ("Slow 4G") profile. */
export const PROFILE = { latencyMs: 150, downKbps: 1638.4, upKbps: 750, cpuSlowdown: 4 };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh page in an empty context, throttled through the DevTools protocol. */
export async function throttledPage(
  browser: Browser,
  baseURL: string,
  storageState?: BrowserContextOptions['storageState'],
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  // The live alert stream stays open; it is not part of what is measured.
  await context.route('**/api/live/events', (route) => route.abort());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: (PROFILE.downKbps * 1024) / 8,
    uploadThroughput: (PROFILE.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return page;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const profileText = () =>
  `${PROFILE.downKbps} kbps down, ${PROFILE.upKbps} kbps up, ${PROFILE.latencyMs} ms RTT, ` +
  `CPU ${PROFILE.cpuSlowdown}× slower`;
