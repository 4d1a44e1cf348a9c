import { plusWarning, plusStatus } from '@kouyu/core';
import type { MembershipStatus } from '@kouyu/core';

/** The user's Plus status in the API's words (spec 000 §3 VIP status and §4 warning). */
export function membershipStatus(
  row: { isOfficial: boolean; paymentExpiration: Date | null },
  now: Date = new Date(),
): MembershipStatus {
  const s = plusStatus(row.isOfficial, row.paymentExpiration, now);
  return {
    state: s.state,
    is_official: s.isOfficial,
    has_active_vip: s.hasActivePlus,
    days_until_expiration: s.daysUntilExpiration,
    expires_at: row.paymentExpiration ? row.paymentExpiration.toISOString() : null,
    warning: plusWarning(s),
  };
}
