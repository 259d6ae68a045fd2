/**
 * A handler's success: the message and the result it answers with. The envelope around them
 * (`statusCode` or the banner and support calls' `statuscode`, the plan update's `success` flag,
 * the HTTP status of the reply) is written in one place from the route's config
 * (server/plugins/envelope.ts), so a handler only says what it answers: `return ok('Pin codes',
 * { pincodes, ...paging })`.
 */
export class Success {
  constructor(
    readonly message: string,
    readonly result: unknown,
    /** The plan and return-history lists put their fields at the top level (the spec's shape). */
    readonly atTop = false,
  ) {}
}

export const ok = (message: string, result?: unknown) => new Success(message, result);

/** The spec's lists with `data` and paging beside `message` instead of inside `result`. */
export const okAtTop = (message: string, fields: Record<string, unknown>) =>
  new Success(message, fields, true);
