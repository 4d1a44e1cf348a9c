import { useMutation } from '@tanstack/react-query';
import { membershipChangeSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { announcePaymentCompleted } from '../hooks/payment-completed';

/** `POST /membership/redeem {code}`; on success the whole app refreshes its Plus status. */
export function useRedeem() {
  return useMutation({
    mutationFn: (code: string) =>
      api('/membership/redeem', { method: 'POST', body: { code }, schema: membershipChangeSchema }),
    onSuccess: () => announcePaymentCompleted(),
  });
}

/** `POST /membership/points {plan}`: spends points on a plan. */
export function useSpendPoints() {
  return useMutation({
    mutationFn: (plan: string) =>
      api('/membership/points', { method: 'POST', body: { plan }, schema: membershipChangeSchema }),
    onSuccess: () => announcePaymentCompleted(),
  });
}
