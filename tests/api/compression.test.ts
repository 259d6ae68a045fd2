import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from './helpers';

/** Whole lists (order/by-type) can be megabytes: clients that accept gzip get them compressed. */
describe('compressed answers', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('gzips a large answer for a client that accepts it, and the body reads the same', async () => {
    const plain = await s.app.inject({
      method: 'GET',
      url: '/api/category/view-all-categories?limit=100',
      headers: bearer(s.superToken),
    });
    const zipped = await s.app.inject({
      method: 'GET',
      url: '/api/category/view-all-categories?limit=100',
      headers: { ...bearer(s.superToken), 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });
});
