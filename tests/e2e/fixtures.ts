import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIResponse,
  type BrowserContext,
  type Page,
} from '@playwright/test';

export { expect };

/** How Chromium words a Content-Security-Policy violation in the console. */
const CSP_CONSOLE_MESSAGE = /Content[- ]Security[- ]Policy|^Refused to /i;

/**
 * Records every Content-Security-Policy violation in the context's pages: the console errors
 * Chromium writes, and the `securitypolicyviolation` events the pages fire.
 */
async function watchCspViolations(context: BrowserContext, violations: string[]) {
  context.on('console', (message) => {
    if (message.type() === 'error' && CSP_CONSOLE_MESSAGE.test(message.text())) {
      violations.push(`${message.location().url}: ${message.text()}`);
    }
  });
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(
        `${event.documentURI}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}` +
          (event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : ''),
      );
    });
  });
}

/**
 * `test` for every spec: fails a test in which any page, in its own context or in one it opens
 * with `browser.newContext()`, reports a Content-Security-Policy violation, so a change that the
 * server's policy (server/plugins/securityHeaders.ts) would break shows at once. A test that
 * provokes a violation on purpose reads `cspViolations` and empties it.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      await watchCspViolations(context, violations);
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const other = await newContext.apply(browser, args);
        await watchCspViolations(other, violations);
        return other;
      };
      await use(violations);
      browser.newContext = newContext;
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Shared by playwright.config.ts, prepare.ts and the specs: where the server under test keeps its
 * data, and the accounts prepare.ts creates there.
 */
/** E2E_PORT lets two checkouts on one machine run their browser tests side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** A fresh data directory per run (test-results is emptied by Playwright before the server starts). */
export const E2E_DATA_DIR = path.resolve('test-results/e2e-data');

/** The super-admin, from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const SUPER_ADMIN = { email: 'admin@example.com', password: 'Super-Admin-e2e-1' };

/** An admin holding the Orders Management permission only. */
export const ORDERS_ADMIN = {
  name: 'Orders Admin',
  email: 'orders@example.com',
  password: 'Orders-Admin-e2e-1',
};

/** Another orders-only admin, whose password the recovery spec changes. */
export const RECOVER_ADMIN = {
  name: 'Recover Admin',
  email: 'recover@example.com',
  password: 'Recover-Admin-e2e-1',
  newPassword: 'Recovered-Pass-e2e-2',
};

/**
 * The jobs prepare.ts places (demo data is off in browser tests): water orders in two pin codes,
 * more in the first than one page holds, so the job sheet must hold more than the page.
 */
export const E2E_JOBS = {
  pins: ['400050', '400053'] as const,
  /** Order numbers of the water jobs per pin code. */
  water: {
    '400050': Array.from({ length: 13 }, (_, i) => `ODE2EW50${String(i + 1).padStart(4, '0')}`),
    '400053': Array.from({ length: 4 }, (_, i) => `ODE2EW53${String(i + 1).padStart(4, '0')}`),
  },
  /** A water order whose status the orders spec changes. */
  statusOrder: 'ODE2ESTATUS01',
  /** The return request (water) the returns spec approves, by its order number. */
  returnOrder: 'ODE2ERETURN01',
  /** Two jars delivered to a customer with one of them asked back (the returnables spec). */
  ledgerOrder: 'ODE2ELEDGER01',
  /** Two laundry orders (Pending) the orders spec sets Out for Delivery together. */
  bulkOrders: ['ODE2EBULK00001', 'ODE2EBULK00002'] as const,
  /** The customer whose ticket the support spec answers, and the ticket's text. */
  ticket: 'The jar delivered this morning had a broken seal. Please replace it.',
  /**
   * A resolved Returns & Refunds ticket, raised two hours ago, naming the ledger order: the
   * ticket list spec finds it, reopens it, answers it and resolves it again.
   */
  namedTicket: 'Refund for #ODE2ELEDGER01?',
};

/** The five categories the server seeds on an empty database, in their order. */
export const SEEDED_CATEGORIES = ['Water', 'Oxygen', 'Laundry', 'Tiffin', 'E-commerce'];

/** Saves what the page shows to test-results/screens/<name>.png for a person to review. */
export async function screen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const AXE_SOURCE = path.resolve('node_modules/axe-core/axe.min.js');

/**
 * Puts axe-core into the page as `window.axe`. Evaluated through the browser's DevTools protocol:
 * a <script> tag holding it (page.addScriptTag) is inline script, which the pages' CSP refuses.
 */
export async function addAxe(page: Page): Promise<void> {
  await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
}

/** Signs in from the login page (which must be showing) and waits for the success message. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the login page, signs in and waits until the panel says so. */
export async function loginAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin-panel/login');
  await signIn(page, account);
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/dashboard$/);
}

/** The newest e-mail in the server's outbox addressed to `email`, decoded, or undefined. */
export function newestMailTo(email: string): string | undefined {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  if (!existsSync(outbox)) return undefined;
  const files = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml') && f.includes(email))
    .map((f) => path.join(outbox, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || b.localeCompare(a));
  if (!files.length) return undefined;
  return decodeQuotedPrintable(readFileSync(files[0], 'utf8'));
}

/** Undoes quoted-printable soft line breaks and =XX escapes (harmless on plain text). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The panel's API with the signed-in admin's token. */
export async function apiOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const check = async (answer: APIResponse): Promise<any> => {
    expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
    return (await answer.json()).result;
  };
  return {
    get: async (path: string) => check(await page.request.get(`/api/${path}`, { headers })),
    post: async (path: string, data: object) =>
      check(await page.request.post(`/api/${path}`, { headers, data })),
    /** The answer as it is, for a call that may fairly answer 409. */
    postRaw: (path: string, data: object) => page.request.post(`/api/${path}`, { headers, data }),
  };
}
