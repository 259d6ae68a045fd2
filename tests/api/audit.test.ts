import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogTable } from '@server/db/schema';
import { bearer, createTestServer, multipart, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const latest = async () =>
  (await server.db.select().from(auditLogTable).orderBy(desc(auditLogTable.id)).limit(1))[0];

describe('audit trail', () => {
  it('records a successful write with who, what and which record', async () => {
    const png = await server.tinyPng();
    const form = multipart({
      name: 'Milk',
      title: 'Fresh milk',
      description: 'Morning milk packets',
      image: { filename: 'milk.png', data: png, contentType: 'image/png' },
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/category/create-category',
      headers: { ...bearer(server.superToken), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const row = await latest();
    expect(row).toMatchObject({
      adminEmail: 'admin@example.com',
      resource: 'category',
      action: 'create-category',
      recordId: res.json().result.category._id,
      method: 'POST',
      statusCode: 200,
    });
  });

  it('records nothing for a refused write or a read', async () => {
    const before = await latest();
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/category/edit-category',
      headers: bearer(server.superToken),
      payload: { categoryId: 'nope', title: 'x', description: 'y' },
    });
    expect(refused.statusCode).toBe(404);
    await server.app.inject({
      method: 'GET',
      url: '/api/category/view-all-categories',
      headers: bearer(server.superToken),
    });
    expect((await latest())?.id).toBe(before?.id);
  });
});
