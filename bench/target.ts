/** A database the bench runs on: as the server picks it (DATABASE_URL, else DATA_DIR/pgdata). */
export type BenchTarget =
  | { kind: 'postgres'; databaseUrl: string; label: string }
  | { kind: 'pglite'; dataDir: string; label: string };

/** The URL without its password, for printing. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
