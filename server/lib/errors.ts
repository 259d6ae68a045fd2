/** An error whose message is meant for the person using the panel. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** True for a unique-constraint violation reported by PostgreSQL (either driver). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23505') return !constraint || e.constraint === constraint;
  return e.cause ? isUniqueViolation(e.cause, constraint) : false;
}

/**
 * True when a delete or update is refused because other rows still reference the row:
 * 23503 (foreign_key_violation) or 23001 (restrict_violation, raised by ON DELETE RESTRICT).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23503' || e.code === '23001') return true;
  return e.cause ? isForeignKeyViolation(e.cause) : false;
}
