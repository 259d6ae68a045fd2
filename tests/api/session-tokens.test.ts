import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionTokens, SESSION_TTL_SECONDS } from '@server/lib/tokens';

const SECRET = 'a-secret-of-sufficient-length-for-hs256-0000000000';

afterEach(() => vi.useRealTimers());

describe('session tokens', () => {
  it('keeps accepting a checked token only until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:00:00Z') });
    const tokens = createSessionTokens(SECRET);
    const token = await tokens.sign({ adminId: 'admin-1', sessionVersion: 3 });
    const session = await tokens.verify(token);
    expect(session).toMatchObject({ adminId: 'admin-1', sessionVersion: 3 });
    // Checked once, remembered: the same answer a minute later.
    vi.setSystemTime(new Date('2026-11-24T09:01:00Z'));
    expect(await tokens.verify(token)).toEqual(session);
    // A second past the session's life it is refused, remembered or not.
    vi.setSystemTime(
      new Date(Date.parse('2026-11-24T09:00:00Z') + SESSION_TTL_SECONDS * 1000 + 1000),
    );
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, or altered, however often it is shown', async () => {
    const ours = createSessionTokens(SECRET);
    const theirs = createSessionTokens('another-secret-of-sufficient-length-000000000000');
    const forged = await theirs.sign({ adminId: 'admin-1', sessionVersion: 0 });
    expect(await ours.verify(forged)).toBeNull();
    expect(await ours.verify(forged)).toBeNull();
    const token = await ours.sign({ adminId: 'admin-1', sessionVersion: 0 });
    expect(await ours.verify(token)).not.toBeNull();
    const [head, body, signature] = token.split('.');
    const otherAdmin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: 'admin-2' }),
    ).toString('base64url');
    expect(await ours.verify(`${head}.${otherAdmin}.${signature}`)).toBeNull();
  });
});
