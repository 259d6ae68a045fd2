import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { listenToDatabase } from './databaseListener';
import type { Session } from './tokens';

/** The channel migration 0045's triggers notify when an admin changes or a session is ended. */
export const SESSIONS_CHANNEL = 'admin_sessions';

export const SESSION_CACHE = {
  /** A session is asked of the database again after this long, whatever was heard. */
  ttlMs: 30_000,
  /** Sessions kept at most (a few hundred admins, a token per sign-in); the oldest go first. */
  most: 10_000,
  /** How often the LISTEN connection is probed: a silently dead one stops the cache soon. */
  probeEveryMs: 5_000,
};

export interface SessionCache<A> {
  /** The admin a verified token stands for now, or null: from memory, else from `load`. */
  standing(claims: Session): Promise<A | null>;
  /** This instance changed an admin (password, status, role, permissions): ask again. */
  forgetAdmin(adminId: string): void;
  /** This instance ended a session (sign-out). */
  forgetSession(tokenId: string): void;
  close(): Promise<void>;
}

interface Entry<A> {
  adminId: string;
  admin: A;
  at: number;
}

/**
 * Whether a session stands, held in memory (issue 39: the prepared query every signed-in request
 * ran was a large part of a short call's CPU). What ends or changes a session, from any instance
 * or from psql, is notified by the database at commit (migration 0045) and drops what is kept
 * here: an admin's every session, or one signed-out token. So that a lost notification never
 * lets a stale session through, nothing is kept until LISTEN has started, and everything is
 * dropped, and nothing kept, from the moment its connection is lost until it LISTENs again.
 * Each entry also lasts at most SESSION_CACHE.ttlMs.
 *
 * A load that overlaps a change (it read the admin before the change committed, the
 * notification came before it finished) is not kept: `epoch` counts every forgetting.
 * This instance's own changes are forgotten at once by the code that makes them, as their
 * notification may come a moment after the answer.
 */
export async function createSessionCache<A>(opts: {
  db: Database;
  databaseUrl?: string;
  log: FastifyBaseLogger;
  load(claims: Session): Promise<A | null>;
  /** Names its LISTEN connection (`home-services sessions`) and its log lines. */
  label?: string;
}): Promise<SessionCache<A>> {
  const entries = new Map<string, Entry<A>>();
  let listening = false;
  let epoch = 0;

  const clear = () => {
    epoch += 1;
    entries.clear();
  };
  const forgetAdmin = (adminId: string) => {
    epoch += 1;
    for (const [tokenId, entry] of entries) if (entry.adminId === adminId) entries.delete(tokenId);
  };
  const forgetSession = (tokenId: string) => {
    epoch += 1;
    entries.delete(tokenId);
  };

  const receive = (payload: string) => {
    let notice: Record<string, unknown> = {};
    try {
      notice = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      // Not ours to read: forget everything rather than guess.
    }
    if (typeof notice.adminId === 'string') forgetAdmin(notice.adminId);
    else if (typeof notice.tokenId === 'string') forgetSession(notice.tokenId);
    else clear();
  };

  const listener = await listenToDatabase({
    db: opts.db,
    databaseUrl: opts.databaseUrl,
    channel: SESSIONS_CHANNEL,
    label: opts.label ?? 'sessions',
    log: opts.log,
    receive,
    onListening() {
      clear();
      listening = true;
    },
    onLost() {
      listening = false;
      clear();
    },
    probeEveryMs: SESSION_CACHE.probeEveryMs,
  });

  return {
    async standing(claims) {
      const now = Date.now();
      const known = entries.get(claims.tokenId);
      if (known) {
        if (now - known.at < SESSION_CACHE.ttlMs) return known.admin;
        entries.delete(claims.tokenId);
      }
      const before = epoch;
      const admin = await opts.load(claims);
      if (admin && listening && epoch === before) {
        if (entries.size >= SESSION_CACHE.most) entries.delete(entries.keys().next().value!);
        entries.set(claims.tokenId, { adminId: claims.adminId, admin, at: now });
      }
      return admin;
    },
    forgetAdmin,
    forgetSession,
    async close() {
      listening = false;
      clear();
      await listener.close();
    },
  };
}
