import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  INVITATION_BONUSES_PER_MONTH,
  INVITATION_BONUS_POINTS,
  INVITATION_CLUSTER_SIZE,
  adminInvitationClustersSchema,
} from '@kouyu/core';
import { users } from '../db/schema.js';
import { forgetUser } from './user-cache.js';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { clientAddress, email, signUp } from '../test/accounts.js';
import { seedHskk } from '../test/speaking.js';

type Account = Awaited<ReturnType<typeof signUp>>;

describe(`invitation bonus on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: '1000' });
    await seedHskk(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const points = async (who: Account) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/user/points', headers: who.auth })).json<{
      data: { points: number };
    }>().data.points;
  /** The invitee's first saved test: the try test's first part, one answer. */
  const firstTest = async (who: Account, address = clientAddress()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions',
      headers: who.auth,
      remoteAddress: address,
      payload: {
        test_id: 101,
        level_id: 1,
        part_id: 1,
        is_full_test: false,
        completed_time: 60,
        answers: [{ question_id: 101101, question_number: 1, user_answers: `answer ${who.email}` }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('pays both sides at the invitee’s first saved test, once', async () => {
    const inviter = await signUp(t.app);
    const friend = await signUp(t.app, email(), 'secret-123', inviter.user.share_code);
    expect(await points(friend)).toBe(0);
    expect(await points(inviter)).toBe(0);
    await firstTest(friend);
    expect(await points(friend)).toBe(INVITATION_BONUS_POINTS);
    expect(await points(inviter)).toBe(INVITATION_BONUS_POINTS);
    // A second test pays nothing more.
    await firstTest(friend);
    expect(await points(friend)).toBe(INVITATION_BONUS_POINTS);
    expect(await points(inviter)).toBe(INVITATION_BONUS_POINTS);
  });

  it('caps what one inviter earns in a month; each invitee still gets their own', async () => {
    const inviter = await signUp(t.app);
    const friends = [];
    for (let i = 0; i < INVITATION_BONUSES_PER_MONTH + 2; i++)
      friends.push(await signUp(t.app, email(), 'secret-123', inviter.user.share_code));
    // Self-made accounts from one address: a cluster the admin is shown, and still the cap.
    const address = clientAddress();
    for (const friend of friends) await firstTest(friend, address);
    expect(await points(inviter)).toBe(INVITATION_BONUSES_PER_MONTH * INVITATION_BONUS_POINTS);
    for (const friend of friends) expect(await points(friend)).toBe(INVITATION_BONUS_POINTS);

    const admin = await signUp(t.app);
    await t.app.database.db.update(users).set({ userLevel: 'admin' }).where(eq(users.id, admin.user.id));
    forgetUser(admin.user.id);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/invitation-clusters',
      headers: admin.auth,
    });
    expect(listed.statusCode).toBe(200);
    const clusters = adminInvitationClustersSchema.parse(listed.json()).data;
    const mine = clusters.filter((c) => c.inviter_id === inviter.user.id);
    expect(mine).toEqual([
      expect.objectContaining({ inviter_email: inviter.email, address, invitees: friends.length }),
    ]);
    expect(mine[0]?.invitees).toBeGreaterThanOrEqual(INVITATION_CLUSTER_SIZE);
    // Friends finishing from addresses of their own make no cluster.
    const other = await signUp(t.app);
    for (let i = 0; i < INVITATION_CLUSTER_SIZE; i++)
      await firstTest(await signUp(t.app, email(), 'secret-123', other.user.share_code));
    const again = adminInvitationClustersSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/invitation-clusters', headers: admin.auth })
      ).json(),
    ).data;
    expect(again.some((c) => c.inviter_id === other.user.id)).toBe(false);
  });
});
