import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Success } from './reply';

/**
 * What a route answers, declared in its schema beside what it takes:
 *
 *   schema: { querystring, response: answers(z.object({ pincodes: z.array(pincodeDto), ...paging })) }
 *
 * A handler returns `ok(message, result)`; plugins/envelope.ts replaces the declaration with the
 * whole envelope the route's config calls for (`statusCode` or `statuscode`, the `success` flag,
 * paging at the top), so the OpenAPI document shows each call's answer exactly as it is sent,
 * and the API tests check every answer against it (VALIDATE_RESPONSES).
 */
export interface AnswerDeclaration {
  /** The `result` of the envelope, or the fields beside `message` when `atTop`. */
  result?: z.ZodType;
  atTop: boolean;
}

const declarations = new WeakMap<object, AnswerDeclaration>();

/** Typed as what the handler returns (a Success); replaced by the envelope at registration. */
function declare(answer: AnswerDeclaration) {
  const stand = z.custom<Success>((value) => value instanceof Success);
  declarations.set(stand, answer);
  return stand;
}

export const declarationOf = (schema: unknown): AnswerDeclaration | undefined =>
  typeof schema === 'object' && schema !== null ? declarations.get(schema) : undefined;

/** The answer `{ statusCode, message, result }` (no `result` when none is given). */
export function answers<Status extends 200 | 201 = 200>(
  result?: z.ZodType,
  status: Status = 200 as Status,
) {
  return { [status]: declare({ result, atTop: false }) } as Record<
    Status,
    ReturnType<typeof declare>
  >;
}

/** The spec's lists that put `data` and their paging beside `message` (plans, return history). */
export const answersAtTop = (fields: z.ZodObject) => ({
  200: declare({ result: fields, atTop: true }),
});

/** A file answer (PDF, CSV), streamed with its own content type rather than an envelope. */
export const fileAnswer = (contentType: string, description: string) => {
  const answer = {
    description,
    content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } },
  };
  // Its refusals are JSON envelopes like any call's (plugins/envelope.ts adds them).
  fileAnswers.add(answer);
  return { 200: answer };
};

const fileAnswers = new WeakSet<object>();
export const isFileAnswer = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && fileAnswers.has(schema);

// Pieces every answer schema uses.

/**
 * An answer of one of several shapes (a list whose items depend on a parameter). A plain
 * z.union says only "Invalid input" when none matches; this names the fields of the shape that
 * came closest, so a failing API test says which field is off.
 */
export const oneOf = (options: [z.ZodType, z.ZodType, ...z.ZodType[]]) =>
  z.union(options, {
    error: (issue) => {
      if (issue.code !== 'invalid_union' || issue.errors.length === 0) return undefined;
      const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
      return closest.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    },
  });

/** A timestamp as sent: ISO 8601 in UTC (a Date serialised by JSON). */
export const timestamp = z.iso.datetime();
export const nullableTimestamp = timestamp.nullable();
/** Money as the API sends it: a number of rupees with at most two decimals. */
export const money = z.number();
export const count = z.number().int().min(0);
/** A record's Active / Inactive status (RecordStatus). */
export const recordStatus = z.enum(['Active', 'Inactive']);
export const pagingFields = { totalRecords: count, currentPage: count, totalPages: count };

/**
 * Fields of `sent` that `parsed` dropped: z.object keeps only the fields it lists, so a field
 * the schema forgot shows up here, and the document never lags behind the answers.
 */
function unlisted(sent: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => unlisted(item, parsed[i], `${at}[${i}]`));
  }
  if (sent && parsed && typeof sent === 'object' && typeof parsed === 'object') {
    return Object.entries(sent as Record<string, unknown>).flatMap(([key, value]) =>
      key in (parsed as object)
        ? unlisted(value, (parsed as Record<string, unknown>)[key], at ? `${at}.${key}` : key)
        : [at ? `${at}.${key}` : key],
    );
  }
  return [];
}

/** Why an answer does not match its schema, in one line a test failure can show. */
export function responseMismatch(err: ResponseSerializationError): string {
  const detail = err.cause.issues
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
  return `The answer of ${err.method} ${err.url} does not match its schema: ${detail}`;
}

/**
 * Fastify's serializer for routes with a response schema. In production it only writes JSON
 * (checking every answer of a 1,000-row list costs CPU for nothing); with `validate` (the API
 * tests) the answer as it goes on the wire must match its schema and list every field it sends.
 */
export const responseSerializer =
  (validate: boolean): FastifySerializerCompiler<unknown> =>
  ({ schema, method, url }) => {
    const zodSchema = schema instanceof z.ZodType ? schema : undefined;
    if (!validate || !zodSchema) return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      const sent: unknown = JSON.parse(json);
      const parsed = zodSchema.safeParse(sent);
      if (!parsed.success)
        throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const extra = unlisted(sent, parsed.data);
      if (extra.length > 0) {
        const cause = new z.ZodError(
          extra.map((field) => ({
            code: 'custom' as const,
            path: field.split('.'),
            message: 'the schema does not list this field',
            input: undefined,
          })),
        );
        throw new ResponseSerializationError(method, url, { cause });
      }
      return json;
    };
  };
