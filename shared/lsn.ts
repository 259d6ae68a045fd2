// PostgreSQL's WAL positions (LSNs, `16/B374D848`) as the server sends them after a write
// (`X-Read-After`) and the panel sends back on its next calls, so that a read goes to a replica
// only once the replica has replayed that write (docs/operations.md, "Reads on a replica").
// Plain TypeScript (see shared/permissions.ts).

/** The header a write's answer carries and every later call sends back. */
export const READ_AFTER_HEADER = 'X-Read-After';

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The position as a number (two 32-bit halves), or undefined when `text` is not an LSN. */
export function parseLsn(text: string | null | undefined): bigint | undefined {
  const match = text ? LSN.exec(text.trim()) : null;
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << BigInt(32)) + BigInt(`0x${match[2]}`);
}

/** The later of two positions, as text; an unreadable one loses. */
export function laterLsn(a: string | undefined, b: string | undefined): string | undefined {
  const pa = parseLsn(a);
  const pb = parseLsn(b);
  if (pa === undefined) return pb === undefined ? undefined : b;
  if (pb === undefined) return a;
  return pb > pa ? b : a;
}
