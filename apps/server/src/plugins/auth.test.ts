import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { forgetUser } from '../accounts/user-cache.js';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { signUp } from '../test/accounts.js';

// The auth hooks answer without awaiting anything when the token was checked before and its user's
// row is cached (decision 016): those answers must be the ones the database path gives.
describe(`auth hooks from remembered tokens and rows on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Rows kept long enough that the second request of each pair is served from the copies.
    t = await createTestApp({ USER_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const twice = async (url: string, headers: Record<string, string> = {}) => {
    const first = await get(url, headers);
    const second = await get(url, headers);
    return [first, second] as const;
  };

  it('lets guests through optional hooks and refuses them where an account is needed', async () => {
    const [list, again] = await twice('/api/v1/tests/level/1');
    expect([list.statusCode, again.statusCode]).toEqual([200, 200]);
    const [results] = await twice('/api/v1/user-test-questions');
    expect(results.statusCode).toBe(401);
  });

  it('gives the same answers from the copies as from the database: roles, a deleted account', async () => {
    const learner = await signUp(t.app);
    const own = await twice('/api/v1/user-test-questions', learner.auth);
    expect(own.map((r) => r.statusCode)).toEqual([200, 200]);
    const admin = await twice('/api/v1/admin/users', learner.auth);
    expect(admin.map((r) => r.statusCode)).toEqual([403, 403]);

    // Promoted: the write forgets the row, so the next request reads it and the one after uses it.
    await t.app.database.db.update(users).set({ userLevel: 'admin' }).where(eq(users.id, learner.user.id));
    forgetUser(learner.user.id);
    const promoted = await twice('/api/v1/admin/users', learner.auth);
    expect(promoted.map((r) => r.statusCode)).toEqual([200, 200]);

    // Deleted: the token still verifies, its user is gone, everywhere a 401 the client refreshes on.
    await t.app.database.db.delete(users).where(eq(users.id, learner.user.id));
    forgetUser(learner.user.id);
    for (const url of ['/api/v1/user-test-questions', '/api/v1/tests/level/1', '/api/v1/admin/users']) {
      const gone = await twice(url, learner.auth);
      expect(gone.map((r) => r.statusCode)).toEqual([401, 401]);
      expect(gone.map((r) => r.json().code)).toEqual(['token_expired', 'token_expired']);
    }
  });

  it('refuses a forged token every time', async () => {
    const forged = await twice('/api/v1/tests/level/1', { authorization: 'Bearer x.y.z' });
    expect(forged.map((r) => r.statusCode)).toEqual([401, 401]);
  });
});
