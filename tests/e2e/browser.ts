import { existsSync } from 'node:fs';

/** Never downloads a browser: CHROME_PATH, Debian's chromium, or the one @sparticuz/chromium ships. */
export async function browserPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

/**
 * Headless Chromium as root on a closed network: no sandbox, software GL, and none of the
 * background connections that this machine refuses. The browser tests and the benches use these.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-zygote',
  '--use-angle=swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
