import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseLsn, READ_AFTER_HEADER } from '@shared/lsn';
import type { Database } from '../db/client';
import type { ReadFrom, Replica } from '../db/replica';
import { badRequest } from '../lib/errors';

/** On every read call with a replica: which database answered it. */
export const READ_FROM_HEADER = 'X-Read-From';

declare module 'fastify' {
  interface FastifyInstance {
    /** The streaming replica of DATABASE_READ_URL, or null (server/db/replica.ts). */
    replica: Replica | null;
  }
  interface FastifyRequest {
    /**
     * The database a read call reads from: the replica when it keeps up and has replayed the
     * caller's last write (X-Read-After), else the primary (`app.db`). Without a replica it is
     * `app.db`. Writes, and reads that follow a write in the same call, use `app.db`.
     */
    readonly readDb: Database;
    /** Set once `readDb` is asked for, with a replica. */
    readFrom: ReadFrom | null;
  }
}

/** Writes: their answers carry the primary's WAL position for the caller to send back. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `request.readDb` and the headers of reads on a replica: `X-Read-After` on a write's answer
 * (the primary's WAL position once it committed), `X-Read-From` on a read's. Without a replica
 * there are no headers, no hook and `readDb` is `app.db`.
 */
export default fp<{ replica?: Replica }>(
  async (app, opts) => {
    const replica = opts.replica ?? null;
    app.decorate('replica', replica);
    app.decorateRequest('readFrom', null);
    const primary = app.db;
    if (!replica) {
      app.decorateRequest('readDb', {
        getter: () => primary,
      });
      return;
    }
    app.decorateRequest('readDb', {
      getter(this: FastifyRequest) {
        this.readFrom ??= replica.choose(readAfterOf(this));
        return this.readFrom === 'replica' ? replica.db : primary;
      },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.readFrom) reply.header(READ_FROM_HEADER, request.readFrom);
      if (!READS.has(request.method) && reply.statusCode < 400 && request.url.startsWith('/api/')) {
        // Once the write has committed: a replica that has replayed this far holds it.
        const lsn = await walPosition(primary).catch(() => undefined);
        if (lsn) reply.header(READ_AFTER_HEADER, lsn);
      }
      return payload;
    });
  },
  { name: 'read-replica' },
);

/** The caller's last write position; undefined when it sent none. */
function readAfterOf(request: FastifyRequest): bigint | undefined {
  const raw = request.headers['x-read-after'];
  if (raw === undefined || raw === '') return undefined;
  const lsn = typeof raw === 'string' ? parseLsn(raw) : undefined;
  if (lsn === undefined) {
    throw badRequest(
      `${READ_AFTER_HEADER} must be a WAL position such as 0/16B3748, as a write's answer gave it.`,
    );
  }
  return lsn;
}

async function walPosition(db: Database): Promise<string | undefined> {
  const { rows } = await db.execute<{ lsn: string }>(sql`SELECT pg_current_wal_lsn()::text AS lsn`);
  return rows[0]?.lsn;
}

/**
 * The repository a read call's `request.readDb` picks: `onPrimary` (the module's own, on
 * `app.db`) or one made once on the replica. `const reads = readRepository(app, repo,
 * createPincodeRepository)`, then `reads(request).list(...)`.
 */
export function readRepository<R>(
  app: FastifyInstance,
  onPrimary: R,
  create: (db: Database) => R,
): (request: FastifyRequest) => R {
  const replicaDb = app.replica?.db;
  if (!replicaDb) return () => onPrimary;
  const onReplica = create(replicaDb);
  return (request) => (request.readDb === replicaDb ? onReplica : onPrimary);
}
