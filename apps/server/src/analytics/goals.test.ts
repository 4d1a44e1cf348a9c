import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDay } from '@kouyu/core';
import { createTestApp } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { signUp } from '../test/accounts.js';
import { readCounts } from './counts.js';
import { recordGoal } from './goals.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => analyticsDay(new Date());
const goalCount = async (goal: string) => {
  const rows = await readCounts(t.app.database.db, 'goal', today(), today());
  return rows.find((r) => r.name === goal)?.count ?? 0;
};

describe('recordGoal', () => {
  it('adds one per call to the day counter, also when calls overlap', async () => {
    const before = await goalCount('upgrade');
    await Promise.all(Array.from({ length: 5 }, () => recordGoal(t.app.database.db, 'upgrade')));
    expect(await goalCount('upgrade')).toBe(before + 5);
  });

  it('counts a registration once the account is verified, and keeps nothing personal', async () => {
    const before = await goalCount('register');
    const user = await signUp(t.app);
    expect(await goalCount('register')).toBe(before + 1);
    const rows = await readCounts(t.app.database.db, 'goal', today(), today());
    expect(JSON.stringify(rows)).not.toContain(user.email);
  });
});
