import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_CALLS, specCallOf } from '@server/openapi/specCalls';
import { createTestServer, type TestServer } from './helpers';

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  'x-addition'?: boolean;
  'x-permission'?: unknown;
  security?: unknown[];
  tags?: string[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document (/api/openapi.json) and the reference (/api/docs)', () => {
  let server: TestServer;
  let doc: Document;

  beforeAll(async () => {
    server = await createTestServer();
    const answer = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    doc = answer.json();
  });
  afterAll(() => server.close());

  /** `GET pincode/edit-pincode/{id}` for each operation of the document. */
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({
        call: specCallOf(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1')),
        op,
      })),
    );

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('holds every /api route the server answers, each with who may call it', () => {
    const documented = new Set(operations().map((o) => o.call));
    const routes = server.app.routeAccess
      .filter((r) => !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
      .map((r) => specCallOf(r.method, r.url));
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((call) => !documented.has(call))).toEqual([]);
    for (const { call, op } of operations()) {
      expect(op['x-permission'], call).toBeDefined();
      if (op['x-permission'] !== 'public') expect(op.security, call).toEqual([{ bearer: [] }]);
    }
  });

  it('has every call of the spec, unmarked, and marks the additions', () => {
    const byCall = new Map(operations().map((o) => [o.call, o.op]));
    for (const call of SPEC_CALLS) {
      expect(byCall.get(call), call).toBeDefined();
      expect(byCall.get(call)!['x-addition'], call).toBe(false);
      expect(byCall.get(call)!.tags, call).toEqual(['Spec']);
    }
    for (const call of ['POST admin/logout', 'GET pincode/get-pincode/{id}']) {
      expect(byCall.get(call)!['x-addition'], call).toBe(true);
      expect(byCall.get(call)!.tags, call).toEqual(['Additions']);
    }
  });

  it('describes what a call takes, from its zod schema', () => {
    const add = doc.paths['/api/pincode/add']!.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(add.requestBody.content['application/json']!.schema.properties)).toEqual(
      expect.arrayContaining(['pinCode', 'pinType']),
    );
  });

  it('says what every call answers, its envelope and its errors included', () => {
    for (const { call, op } of operations()) {
      const success = Object.keys(op.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
      expect(success, `${call} documents no success answer`).not.toEqual([]);
      const content = op.responses![success[0]!]!.content ?? {};
      expect(Object.keys(content), call).not.toEqual([]);
      // A file (PDF, CSV) or JSON, its refusals are the JSON error envelope.
      expect(Object.keys(op.responses!), call).toEqual(expect.arrayContaining(['4XX']));
    }
    // The spec's irregular envelopes, as each call sends them.
    const answer = (path: string, method: string, status = '200') =>
      doc.paths[path]![method]!.responses![status]!.content!['application/json']!.schema!;
    expect(answer('/api/pincode/add', 'post').required).toEqual(
      expect.arrayContaining(['statusCode', 'message', 'result']),
    );
    expect(answer('/api/banner/get-banner/{id}', 'get').required).toEqual(
      expect.arrayContaining(['statuscode', 'message']),
    );
    expect(answer('/api/plan/update-plan', 'post').required).toEqual(
      expect.arrayContaining(['success', 'statusCode', 'message']),
    );
    expect(answer('/api/plan/get-all-plans', 'get').required).toEqual(
      expect.arrayContaining(['statusCode', 'message', 'data', 'totalRecords']),
    );
  });

  it('serves a readable reference at /api/docs without a sign-in', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    // Its scripts are files of its own: the pages' strict policy holds.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
