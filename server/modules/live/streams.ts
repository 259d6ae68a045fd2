import { PassThrough } from 'node:stream';
import type { Database } from '../../db/client';
import type { LiveEvent } from '../../lib/liveBus';
import type { Session } from '../../lib/tokens';
import { mayCall, type Access } from '../../permissions';
import { standingAdmin } from '../../plugins/auth';

/** Who hears order events: the admins who see the orders or dispatch them (super-admin too). */
export const HEARS_ORDERS: Access = ['orders', 'assigningJobs'];

/**
 * How often a stream says it is alive (`: ping`, under the 30 to 60 s a proxy or a browser gives
 * up on a silent connection) and re-checks its session. The API tests shorten them.
 */
export const LIVE_TIMING = {
  heartbeatMs: 25_000,
  /** The `retry:` hint: how long a browser's EventSource waits before reconnecting. */
  retryMs: 5_000,
};

/** Streams an admin may hold open at once (tabs, windows); beyond it 429. */
export const LIVE_LIMITS = {
  perAdmin: 5,
  /** On one instance, over all admins; beyond it 503 (the balancer may try another). */
  total: 2_000,
  /** A client this far behind (bytes waiting) is cut off; it reconnects and starts afresh. */
  backlogBytes: 256 * 1024,
};

export const TOO_MANY_STREAMS = (most: number) =>
  `You already have ${most} live alert connections open (tabs or windows). Close one, then reload this page.`;
export const SERVER_BUSY =
  'The server has too many live connections right now. Please try again in a minute.';

/** The stream of one signed-in admin's tab: its body, and ending it. */
export interface LiveStream {
  adminId: string;
  body: PassThrough;
  end(): void;
}

/** An SSE frame: `event:` and its JSON `data:` (one line: JSON has no raw line breaks). */
export const frame = (event: LiveEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * Whether a session still stands, as the auth plugin decides at connect: not expired, not
 * signed out, the admin active and the password unchanged since; and whether the admin (with
 * the permissions they hold now) hears order events.
 */
export async function sessionStanding(
  db: Database,
  session: Session,
): Promise<{ signedIn: false } | { signedIn: true; hearsOrders: boolean }> {
  if (session.expiresAt.getTime() <= Date.now()) return { signedIn: false };
  const admin = await standingAdmin(db, session);
  if (!admin) return { signedIn: false };
  return { signedIn: true, hearsOrders: mayCall(admin, HEARS_ORDERS) };
}
