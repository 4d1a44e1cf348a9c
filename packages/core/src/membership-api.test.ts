import { describe, expect, it } from 'vitest';
import {
  extendExpiry,
  formatRedeemCode,
  normaliseRedeemCode,
  parsePlanSettings,
  planPoints,
  redeemBody,
} from './membership-api.js';

const DAY = 86_400_000;

describe('membership rules', () => {
  it('reads a code whatever its case, spaces and dashes', () => {
    expect(normaliseRedeemCode(' abcd-efgh 2345 ')).toBe('ABCDEFGH2345');
    expect(formatRedeemCode('abcdefgh2345')).toBe('ABCD-EFGH-2345');
    expect(redeemBody.parse({ code: 'ab cd–ef gh' }).code).toBe('ABCDEFGH');
    expect(redeemBody.safeParse({ code: '!!!' }).success).toBe(false);
  });

  it('renewing adds to a running membership and starts today after a lapse', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    expect(extendExpiry(new Date('2026-01-20T00:00:00Z'), 30, now).toISOString()).toBe(
      '2026-02-19T00:00:00.000Z',
    );
    expect(extendExpiry(new Date('2026-01-01T00:00:00Z'), 7, now).getTime()).toBe(now.getTime() + 7 * DAY);
    expect(extendExpiry(null, 1, now).getTime()).toBe(now.getTime() + DAY);
  });

  it('prices plans in points at the weekly rate, rounded up', () => {
    expect(planPoints(7, 100)).toBe(100);
    expect(planPoints(30, 100)).toBe(429);
    expect(planPoints(1, 10)).toBe(2);
  });

  it('reads plans in the compact form and as JSON, and refuses nonsense', () => {
    expect(parsePlanSettings('month:30:9.99:usd, year:365:79:CNY')).toEqual([
      { id: 'month', days: 30, price: 9.99, currency: 'USD' },
      { id: 'year', days: 365, price: 79, currency: 'CNY' },
    ]);
    expect(parsePlanSettings('[{"id":"m","days":30,"price":5,"currency":"EUR"}]')).toHaveLength(1);
    expect(() => parsePlanSettings('month:30:9.99')).toThrow(/id:days:price:CURRENCY/);
    expect(() => parsePlanSettings('month:0:9.99:USD')).toThrow(/not valid/);
    expect(() => parsePlanSettings('a:1:1:USD,a:2:2:USD')).toThrow(/twice/);
  });
});
