import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const SECRET = 'tokens-test-secret-tokens-test-secret-0123';

// Verified tokens are remembered until they expire (decision 016): the memory must never make a token
// outlive its expiry, pass under another secret, or let a forged token through.
describe('access token verification', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the same claims on every check of a valid token', async () => {
    const token = await signAccessToken(SECRET, { userId: 7, admin: true, familyId: 'fam' }, 60);
    const first = await verifyAccessToken(SECRET, token);
    expect(first).toEqual({ userId: 7, admin: true, familyId: 'fam' });
    expect(await verifyAccessToken(SECRET, token)).toEqual(first);
  });

  it('refuses a token once it has expired, also after it was checked valid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const token = await signAccessToken(SECRET, { userId: 8, admin: false }, 10);
    expect(await verifyAccessToken(SECRET, token)).toEqual({ userId: 8, admin: false });
    vi.setSystemTime(new Date('2026-01-01T00:00:09Z'));
    expect(await verifyAccessToken(SECRET, token)).toEqual({ userId: 8, admin: false });
    vi.setSystemTime(new Date('2026-01-01T00:00:10Z'));
    expect(await verifyAccessToken(SECRET, token)).toBeNull();
  });

  it('refuses a token checked valid under one secret when asked under another', async () => {
    const token = await signAccessToken(SECRET, { userId: 9, admin: false }, 60);
    expect(await verifyAccessToken(SECRET, token)).not.toBeNull();
    expect(await verifyAccessToken(`${SECRET}-other`, token)).toBeNull();
  });

  it('refuses a token whose signature was changed, though its claims were checked valid before', async () => {
    const token = await signAccessToken(SECRET, { userId: 10, admin: false }, 60);
    expect(await verifyAccessToken(SECRET, token)).not.toBeNull();
    const [header, payload, signature = ''] = token.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await verifyAccessToken(SECRET, `${header}.${payload}.${flipped}`)).toBeNull();
  });
});
