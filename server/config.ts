import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Everything the server reads from the environment, resolved once at start. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * A streaming replica of DATABASE_URL's server (DATABASE_READ_URL): lists, totals, searches,
   * exports, reports and the dashboard read from it while it keeps up (server/db/replica.ts).
   */
  databaseReadUrl?: string;
  /** How far behind the primary the replica may be and still be read from, in ms. */
  databaseReadMaxLagMs: number;
  /** PostgreSQL connections per instance. */
  databasePoolSize: number;
  /** PostgreSQL: the longest one statement may run, in ms (0: no limit). */
  statementTimeoutMs: number;
  jwtSecret: string;
  adminEmail: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  /**
   * Trust X-Forwarded-For from these proxies (Fastify's trustProxy: `true`, or a comma-separated
   * list of proxy addresses). Off by default, so that a client cannot pick the address the rate limits count.
   */
  trustProxy: boolean | string;
  /**
   * After SIGTERM, how long requests in flight may take before the process gives up on them
   * and exits 1 (SHUTDOWN_TIMEOUT_MS): under an orchestrator's grace period (30 s by default in
   * Kubernetes), so the process ends on its own terms.
   */
  shutdownTimeoutMs: number;
  /** Where the built admin and landing bundles are (vite's outDir). */
  distDir: string;
  /**
   * Check every answer against its route's response schema (VALIDATE_RESPONSES=true): on in
   * the API tests, off in production, where it would only cost CPU.
   */
  validateResponses: boolean;
  /**
   * How far V8 lets the heap grow past what the last full collection kept, in percent
   * (HEAP_GROWING_PERCENT; 0: V8's own choice, up to about 4x). Under steady load the server's
   * heap is mostly short-lived answers; at V8's choice it swelled to 3-4x what it holds and the
   * process to 400-700 MB (docs/performance.md "Memory"); 10 kept it under about 215 MB at 1 M
   * orders with no measurable loss of throughput ("Memory flags").
   */
  heapGrowingPercent: number;
}

/** A secret generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: readReplicaUrl(env),
    databaseReadMaxLagMs: wholeNumber(env, 'DATABASE_READ_MAX_LAG_MS', 2000, 100, 600_000),
    databasePoolSize: wholeNumber(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    statementTimeoutMs: wholeNumber(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 5000, 0, 600_000),
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir, 'jwt-secret'),
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.com').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Home Services Admin <no-reply@localhost>',
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    shutdownTimeoutMs: wholeNumber(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, 100, 600_000),
    distDir: path.resolve(env.DIST_DIR || './dist'),
    validateResponses: env.VALIDATE_RESPONSES === 'true',
    heapGrowingPercent: wholeNumber(env, 'HEAP_GROWING_PERCENT', 10, 0, 1000),
  };
}

/** DATABASE_READ_URL, which only means something beside DATABASE_URL. */
function readReplicaUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.DATABASE_READ_URL) return undefined;
  if (!env.DATABASE_URL) {
    throw new Error(
      'DATABASE_READ_URL is a replica of the PostgreSQL server of DATABASE_URL: set DATABASE_URL too.',
    );
  }
  return env.DATABASE_READ_URL;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** A whole number from the environment, or its default; out of range stops the start. */
function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (it is "${raw}").`);
  }
  return value;
}
