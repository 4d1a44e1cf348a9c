import {
  PLUS_URGENT_DAYS,
  PLUS_WARNING_DAYS,
  VIP_EXPIRY_FUTURE_LIMIT_MS,
  VIP_EXPIRY_PAST_LIMIT_MS,
  VIP_GRACE_MS,
} from './constants.js';

const DAY_MS = 24 * 3600 * 1000;

/** The official flag counts as true for true, 1, "true", "1" or "yes" (spec 001 §6). */
export function isOfficialFlag(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return ['true', '1', 'yes'].includes(value.trim().toLowerCase());
  return false;
}

export type ExpirationResult =
  { ok: true; date: Date } | { ok: false; error: 'invalid_date' | 'date_out_of_range' };

/** Reads a payment expiration: a parseable date between 1 year ago and about 5 years ahead. */
export function parseExpiration(
  value: string | Date | null | undefined,
  now: Date = new Date(),
): ExpirationResult {
  if (value === null || value === undefined || value === '') return { ok: false, error: 'invalid_date' };
  const date = value instanceof Date ? value : new Date(value);
  const t = date.getTime();
  if (Number.isNaN(t)) return { ok: false, error: 'invalid_date' };
  const n = now.getTime();
  if (t < n - VIP_EXPIRY_PAST_LIMIT_MS || t > n + VIP_EXPIRY_FUTURE_LIMIT_MS) {
    return { ok: false, error: 'date_out_of_range' };
  }
  return { ok: true, date };
}

export type PlusState = 'not_official' | 'expired' | 'active';

export interface PlusStatus {
  state: PlusState;
  isOfficial: boolean;
  hasActivePlus: boolean;
  /** Whole days left, rounded up; 0 when not active. */
  daysUntilExpiration: number;
  /**
   * Why an official member's stored expiry could not be read (spec 000 §8: "Invalid date format",
   * "Date out of reasonable range"), so the status shows it rather than a silent "expired".
   */
  dateError?: 'invalid_date' | 'date_out_of_range';
}

/** VIP status (spec 000 §4): not official, official with expired payment, or active with a 60 s grace. */
export function plusStatus(
  isOfficial: unknown,
  paymentExpiration: string | Date | null | undefined,
  now: Date = new Date(),
): PlusStatus {
  if (!isOfficialFlag(isOfficial)) {
    return { state: 'not_official', isOfficial: false, hasActivePlus: false, daysUntilExpiration: 0 };
  }
  const parsed = parseExpiration(paymentExpiration, now);
  if (!parsed.ok) {
    const expired = {
      state: 'expired',
      isOfficial: true,
      hasActivePlus: false,
      daysUntilExpiration: 0,
    } as const;
    // No expiry at all is a member who never paid; a value that is no readable date is an error.
    const stored = paymentExpiration !== null && paymentExpiration !== undefined && paymentExpiration !== '';
    return stored ? { ...expired, dateError: parsed.error } : expired;
  }
  const left = parsed.date.getTime() - now.getTime();
  if (left + VIP_GRACE_MS <= 0) {
    return { state: 'expired', isOfficial: true, hasActivePlus: false, daysUntilExpiration: 0 };
  }
  return {
    state: 'active',
    isOfficial: true,
    hasActivePlus: true,
    daysUntilExpiration: Math.max(0, Math.ceil(left / DAY_MS)),
  };
}

export type PlusWarning = { level: 'urgent' | 'warning'; days: number } | null;

/** The Plus expiry warning: active members with 7 or fewer days left; urgent at 1 or 0. */
export function plusWarning(status: PlusStatus): PlusWarning {
  if (!status.isOfficial || !status.hasActivePlus || status.daysUntilExpiration > PLUS_WARNING_DAYS)
    return null;
  const days = status.daysUntilExpiration;
  return { level: days <= PLUS_URGENT_DAYS ? 'urgent' : 'warning', days };
}

/** The upgrade prompt shows whenever there is no active VIP. */
export function showUpgradePrompt(status: PlusStatus): boolean {
  return !status.hasActivePlus;
}
