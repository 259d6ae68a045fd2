import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { lineText, pagingQuery, requiredId, requiredText } from '@server/lib/validation';
import type { RouteAccess } from '@server/plugins/auth';
import errorsPlugin, { BAD_CHARACTERS, BAD_VALUE } from '@server/plugins/errors';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestServer, multipart } from './helpers';
import { createRider } from './riderFixtures';

/**
 * Hostile text on every signed-in route: a NUL character (which PostgreSQL cannot store in text)
 * in each body field, each query parameter and each path parameter. Whatever the route, the
 * answer is never a 5xx; where the text reaches a field the route reads, it is a 400.
 */

// The route list is needed to name the tests, so the server is built while collecting them.
const server = await createTestServer();
afterAll(() => server.close());
const routes = server.app.routeAccess.filter((r) => r.access !== 'public');
const png = await server.tinyPng();

const NUL = 'x\u0000y';

/** A rider signed in to the rider app, for its calls (access `rider`). */
const rider = await createRider(server);
await server.app.inject({
  method: 'POST',
  url: '/api/rider/set-pin',
  headers: bearer(server.superToken),
  payload: { riderId: rider._id, pin: '4826' },
});
async function riderLogin(): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/rider-app/login',
    payload: { phone: rider.phone, pin: '4826' },
  });
  return (res.json() as { result: { token: string } }).result.token;
}
const riderToken = await riderLogin();

/**
 * Plausible values for every body field the routes read, so that a NUL in one field is not
 * hidden behind another field's error. Ids are made up: a lookup by id is what reaches the
 * database first.
 */
const VALID_BODY: Record<string, unknown> = {
  name: 'Hostile input',
  title: 'Hostile title',
  description: 'Hostile description',
  type: 'Bottle',
  material: 'Plastic',
  reason: 'A reason',
  reply: 'A reply',
  address: '1 Main Road',
  firstName: 'Asha',
  lastName: 'Rao',
  content: '<p>Hostile content</p>',
  email: 'hostile@example.com',
  phone: '9876543210',
  password: 'Hostile-password-1',
  pinCode: '560001',
  number: '560002',
  pinType: 'Home',
  price: 10,
  discountPrice: 5,
  stockQuantity: 3,
  duration: 30,
  limit: 10,
  standardCharge: 10,
  emergencyCharge: 20,
  gst: 18,
  gapHours: 2,
  pickupTime: '9 AM - 11 AM',
  deliveryTime: '5 PM - 7 PM',
  id: 'unknown-id',
  categoryId: 'unknown-category',
  subCategoryId: 'unknown-sub-category',
  productId: 'unknown-product',
  accessoryId: 'unknown-accessory',
  bannerId: 'unknown-banner',
  planId: 'unknown-plan',
  userId: 'unknown-user',
  supportId: 'unknown-support',
  returnHistoryId: 'unknown-return',
  orderId: 'unknown-order',
  serviceId: 'unknown-service',
  adminId: 'unknown-admin',
  idempotencyKey: 'hostile-key-1',
};

/** Fields that carry text somewhere: each gets the NUL on its own, then all of them at once. */
const TEXT_FIELDS = [
  ...Object.keys(VALID_BODY),
  'status',
  'kind',
  'role',
  'search',
  'otp',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'securityToken',
];

/** Query parameters the lists read; the required ones get a plausible value by default. */
const VALID_QUERY: Record<string, string> = {
  serviceId: 'unknown-service',
  userId: 'unknown-user',
  searchId: 'unknown-category',
  categoryType: '0',
};
const QUERY_FIELDS = [
  ...Object.keys(VALID_QUERY),
  'search',
  'status',
  'sort',
  'sortOrder',
  'sortField',
  'type',
  'kind',
  'pincode',
  'adminId',
  'resource',
  'from',
  'to',
  'page',
  'limit',
  'wantPdf',
];

/** POST routes that read only their path: a body, hostile or not, is not looked at. */
const READS_NO_BODY = new Set([
  'POST /api/pincode/delete-pincode/:id',
  'POST /api/rider/delete-rider/:id',
  'POST /api/holiday/delete/:id',
  'POST /api/admin/logout',
  'POST /api/rider-app/logout',
]);

/** Calls that answer a stream that never ends. */
const STREAMED = new Set(['/api/live/events']);

interface Answer {
  what: string;
  status: number;
  body: string;
}

function url(route: RouteAccess, params: Record<string, string> = {}, query = VALID_QUERY) {
  const path = route.url.replace(
    /:(\w+)/g,
    (_m, name: string) => params[name] ?? `unknown-${name}`,
  );
  const search = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

async function send(
  route: RouteAccess,
  what: string,
  opts: { url?: string; payload?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  // Signing out ends the session it is called with: it gets a session of its own each time.
  const token =
    route.url === '/api/admin/logout'
      ? await server.login(ADMIN_EMAIL, ADMIN_PASSWORD)
      : route.url === '/api/rider-app/logout'
        ? await riderLogin()
        : route.access === 'rider'
          ? riderToken
          : server.superToken;
  const streamed = STREAMED.has(route.url);
  const res = await server.app.inject({
    method: route.method as 'GET' | 'POST',
    url: opts.url ?? url(route),
    headers: { ...bearer(token), ...opts.headers },
    ...(opts.payload === undefined ? {} : { payload: opts.payload as string }),
    ...(streamed && { payloadAsStream: true }),
  });
  if (streamed) {
    // A stream that never ends (live events): its refusals are read, an accepted one hung up.
    const body = res.statusCode === 200 ? '' : await new Response(res.stream()).text();
    res.stream().destroy();
    return { what, status: res.statusCode, body: body.slice(0, 200) };
  }
  return { what, status: res.statusCode, body: res.body.slice(0, 200) };
}

/** Every hostile variant of one route, answered. */
async function attack(route: RouteAccess): Promise<{ answers: Answer[]; refusals: Answer[] }> {
  const answers: Answer[] = [];
  const refusals: Answer[] = [];

  // Path parameters: NUL alone (%00) and inside an id (x%00y); either is refused.
  for (const name of route.url.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
    for (const value of ['%00', 'x%00y']) {
      const answer = await send(route, `path ${name}=${value}`, {
        url: url(route, { [name]: value }),
        ...(route.method === 'POST' ? { payload: VALID_BODY } : {}),
      });
      answers.push(answer);
      refusals.push(answer);
    }
  }

  if (route.method === 'GET') {
    for (const name of QUERY_FIELDS) {
      for (const value of ['%00', 'x%00y']) {
        answers.push(
          await send(route, `query ${name}=${value}`, {
            url: url(route, {}, { ...VALID_QUERY, [name]: value }),
          }),
        );
      }
    }
    return { answers, refusals };
  }

  // JSON: one field at a time, among plausible values and on its own (as in `{"name":"x\u0000y"}`),
  // then every field at once (which a route that reads text must refuse).
  for (const name of TEXT_FIELDS) {
    answers.push(
      await send(route, `json ${name}`, { payload: { ...VALID_BODY, [name]: NUL } }),
      await send(route, `json only ${name}`, { payload: { [name]: NUL } }),
    );
  }
  const all = Object.fromEntries(TEXT_FIELDS.map((name) => [name, NUL]));
  const allJson = await send(route, 'json every field', { payload: all });
  answers.push(allJson);
  if (READS_NO_BODY.has(`${route.method} ${route.url}`)) {
    // Answered as if the body were empty: the text never went anywhere.
    const empty = await send(route, 'json empty', { payload: {} });
    expect(allJson.status, allJson.body).toBe(empty.status);
    return { answers, refusals };
  }
  refusals.push(allJson);
  // Lists of text (time slots) and the query string of a POST.
  answers.push(
    await send(route, 'json text lists', {
      payload: { ...VALID_BODY, pickupTime: [NUL], deliveryTime: ['9 AM', NUL] },
    }),
    await send(route, 'query search on a POST', {
      url: url(route, {}, { ...VALID_QUERY, search: '%00' }),
      payload: VALID_BODY,
    }),
  );

  // The same strings in URL-encoded and multipart bodies (with an image, for the forms that
  // need one).
  const form = Object.fromEntries(Object.entries(VALID_BODY).map(([k, v]) => [k, String(v)]));
  for (const name of ['name', 'title', 'description', 'categoryId', 'content', 'reply']) {
    answers.push(
      await send(route, `urlencoded ${name}`, {
        payload: new URLSearchParams({ ...form, [name]: NUL }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    const body = multipart({
      ...form,
      [name]: NUL,
      image: { filename: 'a.png', contentType: 'image/png', data: png },
    });
    answers.push(await send(route, `multipart ${name}`, body));
  }
  const allForm = await send(route, 'urlencoded every field', {
    payload: new URLSearchParams(all as Record<string, string>).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  answers.push(allForm);
  refusals.push(allForm);
  return { answers, refusals };
}

describe('a NUL character on a signed-in route', () => {
  it('covers the signed-in routes', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: never a 5xx; refused with 400 where it is read',
    async (_name, route) => {
      const { answers, refusals } = await attack(route);
      const failures = answers.filter((a) => a.status >= 500);
      expect(failures, JSON.stringify(failures, null, 1)).toEqual([]);
      const accepted = refusals.filter((a) => a.status !== 400);
      expect(accepted, JSON.stringify(accepted, null, 1)).toEqual([]);
    },
  );
});

describe('the messages a person sees', () => {
  it('names the field that carries the control character', async () => {
    const plan = await send(
      routes.find((r) => r.url === '/api/plan/create-plan')!,
      'plan',
      {
        payload: { name: NUL, duration: 30, price: 10 },
      },
    );
    expect(plan.status).toBe(400);
    expect(JSON.parse(plan.body).message).toBe('Name must not contain control characters.');

    const search = await server.app.inject({
      url: '/api/plan/get-all-plans?search=%00',
      headers: bearer(server.superToken),
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Search must not contain control characters.');

    const id = await server.app.inject({
      url: '/api/plan/get-plan/%00',
      headers: bearer(server.superToken),
    });
    expect(id.statusCode).toBe(400);
    expect(id.json().message).toBe('Plan id must not contain control characters.');
  });

  it('keeps tabs and line breaks in text, but not in ids', () => {
    const text = requiredText('Description', 2000);
    expect(text.parse('Line one\r\nLine two\tand a tab')).toBe('Line one\r\nLine two\tand a tab');
    for (const control of ['\u0000', '\u0007', '\u001b', '\u000b']) {
      const result = text.safeParse(`a${control}b`);
      expect(result.success, JSON.stringify(control)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Description must not contain control characters.',
      );
    }
    expect(pagingQuery.search.safeParse('x\u0000').success).toBe(false);
    expect(requiredId('Plan id').safeParse('a\tb').success).toBe(false);
    expect(lineText('Category id').safeParse('a\u007fb').success).toBe(false);
  });
});

describe("the database's refusal, as a last line", () => {
  // A route that sends text to the database without a schema in front: what the error handler
  // answers when PostgreSQL (or PGlite) refuses the value itself.
  const bare = Fastify();
  afterAll(() => bare.close());
  bare.register(errorsPlugin);
  bare.get('/text', () => server.db.execute(sql`select ${NUL}::text`));
  bare.get('/jsonb', () => server.db.execute(sql`select ${JSON.stringify([NUL])}::jsonb`));
  bare.get('/number', () => server.db.execute(sql`select ${'abc'}::int`));

  it.each([
    ['/text', BAD_CHARACTERS],
    ['/jsonb', BAD_CHARACTERS],
    ['/number', BAD_VALUE],
  ])('%s answers 400', async (url, message) => {
    const res = await bare.inject({ url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });
});
