import { describe, expect, it } from 'vitest';
import {
  adminMembershipBody,
  adminPointsBody,
  endOfLocalDay,
  extendedExpiry,
  localDay,
  mailCode,
} from './admin.js';

const now = new Date('2026-06-01T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('extending Plus', () => {
  it('starts from now for a user who is not a member', () => {
    expect(extendedExpiry(false, null, 30, now)).toEqual(days(30));
  });
  it('keeps the paid days of an active member', () => {
    expect(extendedExpiry(true, days(10).toISOString(), 30, now)).toEqual(days(40));
  });
  it('starts from now once the membership has lapsed', () => {
    expect(extendedExpiry(true, days(-5).toISOString(), 30, now)).toEqual(days(30));
  });
  it('ignores a leftover expiry when the user is no longer official', () => {
    expect(extendedExpiry(false, days(10).toISOString(), 30, now)).toEqual(days(30));
  });
});

describe('date input values', () => {
  it('reads a calendar day as its last local second', () => {
    const end = endOfLocalDay('2026-07-01');
    expect(
      end && [end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()],
    ).toEqual([2026, 6, 1, 23, 59]);
  });
  it('refuses days that do not exist and other text', () => {
    expect(endOfLocalDay('2026-02-31')).toBeNull();
    expect(endOfLocalDay('')).toBeNull();
    expect(endOfLocalDay('01/07/2026')).toBeNull();
  });
  it('writes a date back as the same local day', () => {
    const end = endOfLocalDay('2026-12-31');
    expect(end && localDay(end)).toBe('2026-12-31');
    expect(localDay(new Date(2027, 0, 5, 8))).toBe('2027-01-05');
  });
});

describe('admin bodies', () => {
  it('membership: a readable date or null; nothing the rules would count as expired at once', () => {
    expect(
      adminMembershipBody.safeParse({ expires_at: new Date(Date.now() + 86_400_000).toISOString() }).success,
    ).toBe(true);
    expect(adminMembershipBody.safeParse({ expires_at: null }).success).toBe(true);
    expect(adminMembershipBody.safeParse({ expires_at: '2026-13-01' }).success).toBe(false);
    const farAhead = new Date(Date.now() + 6 * 366 * 86_400_000).toISOString();
    const result = adminMembershipBody.safeParse({ expires_at: farAhead });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('date_out_of_range');
  });
  it('points: a whole non-zero change within the limit, with a trimmed reason', () => {
    expect(adminPointsBody.parse({ delta: -25, note: '  refund  ' })).toEqual({ delta: -25, note: 'refund' });
    expect(adminPointsBody.safeParse({ delta: 0 }).success).toBe(false);
    expect(adminPointsBody.safeParse({ delta: 1.5 }).success).toBe(false);
    expect(adminPointsBody.safeParse({ delta: 100_001 }).success).toBe(false);
    expect(adminPointsBody.safeParse({ delta: 5, note: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('mail codes', () => {
  it('finds the six-digit code of a mail', () => {
    expect(mailCode('Your Kouyu code is 048213. It expires in 10 minutes.')).toBe('048213');
    expect(mailCode('Welcome to Kouyu, 2026')).toBeNull();
    expect(mailCode('Order 1234567')).toBeNull();
  });
});
