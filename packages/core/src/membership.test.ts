import { describe, expect, it } from 'vitest';
import { isOfficialFlag, parseExpiration, plusWarning, showUpgradePrompt, plusStatus } from './membership.js';

const now = new Date('2026-06-01T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('official flag', () => {
  it.each([true, 1, 'true', '1', 'yes', 'YES', ' true '])('%s counts as official', (v) => {
    expect(isOfficialFlag(v)).toBe(true);
  });
  it.each([false, 0, 'false', 'no', '', null, undefined, 2])('%s does not', (v) => {
    expect(isOfficialFlag(v)).toBe(false);
  });
});

describe('expiration parsing', () => {
  it('rejects unparseable dates', () => {
    expect(parseExpiration('not a date', now)).toEqual({ ok: false, error: 'invalid_date' });
    expect(parseExpiration(null, now)).toEqual({ ok: false, error: 'invalid_date' });
  });
  it('accepts 1 year back to about 5 years ahead only', () => {
    expect(parseExpiration(days(-364), now).ok).toBe(true);
    expect(parseExpiration(days(-366), now)).toEqual({ ok: false, error: 'date_out_of_range' });
    expect(parseExpiration(days(5 * 365), now).ok).toBe(true);
    expect(parseExpiration(days(6 * 365), now)).toEqual({ ok: false, error: 'date_out_of_range' });
  });
});

describe('VIP status', () => {
  it('not official', () => {
    expect(plusStatus(false, days(30), now).state).toBe('not_official');
  });
  it('official with expired payment', () => {
    const s = plusStatus(true, days(-2), now);
    expect(s).toMatchObject({ state: 'expired', isOfficial: true, hasActivePlus: false });
    expect(showUpgradePrompt(s)).toBe(true);
  });
  it('keeps 60 seconds of grace after expiry', () => {
    expect(plusStatus(true, new Date(now.getTime() - 59_000), now).hasActivePlus).toBe(true);
    expect(plusStatus(true, new Date(now.getTime() - 60_000), now).hasActivePlus).toBe(false);
  });
  it('rounds days up', () => {
    expect(plusStatus('1', new Date(now.getTime() + 3_600_000), now).daysUntilExpiration).toBe(1);
    expect(plusStatus('yes', new Date(now.getTime() + 86_400_001), now).daysUntilExpiration).toBe(2);
  });
  it('an out-of-range expiry is not active', () => {
    expect(plusStatus(true, days(4000), now).hasActivePlus).toBe(false);
  });
  // Spec 000 §8: a bad stored expiry is told as such, not passed off as a plain "expired".
  it("names why an official member's expiry could not be read", () => {
    expect(plusStatus(true, 'soon', now)).toMatchObject({ state: 'expired', dateError: 'invalid_date' });
    expect(plusStatus(true, days(4000), now)).toMatchObject({
      state: 'expired',
      dateError: 'date_out_of_range',
    });
    expect(plusStatus(true, days(-400), now)).toMatchObject({ dateError: 'date_out_of_range' });
    // No expiry is a member who has not paid, and a readable past date a lapsed one: no error.
    expect(plusStatus(true, null, now).dateError).toBeUndefined();
    expect(plusStatus(true, '', now).dateError).toBeUndefined();
    expect(plusStatus(true, days(-2), now).dateError).toBeUndefined();
    expect(plusStatus(true, days(30), now).dateError).toBeUndefined();
    expect(plusStatus(false, 'soon', now).dateError).toBeUndefined();
  });
});

describe('Plus warning', () => {
  it('is hidden beyond 7 days and for the inactive', () => {
    expect(plusWarning(plusStatus(true, days(8), now))).toBeNull();
    expect(plusWarning(plusStatus(true, days(-1), now))).toBeNull();
    expect(plusWarning(plusStatus(false, days(3), now))).toBeNull();
  });
  it('warns at 7 days or fewer, urgent at 1 or 0', () => {
    expect(plusWarning(plusStatus(true, days(7), now))).toEqual({ level: 'warning', days: 7 });
    expect(plusWarning(plusStatus(true, days(2), now))).toEqual({ level: 'warning', days: 2 });
    expect(plusWarning(plusStatus(true, days(1), now))).toEqual({ level: 'urgent', days: 1 });
    expect(plusWarning(plusStatus(true, new Date(now.getTime() - 30_000), now))).toEqual({
      level: 'urgent',
      days: 0,
    });
  });
});
