import { useContext, useEffect } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { loadQueryClient } from '@/lib/query';
import { getSession, saveUser } from '@/lib/session';

/** The spec's payment-completed event (000 §4): Plus status refreshes everywhere when it fires. */
export const PAYMENT_COMPLETED_EVENT = 'payment-completed';

/** Tells the app that Plus changed (paid, code redeemed, points spent). */
export function announcePaymentCompleted() {
  window.dispatchEvent(new Event(PAYMENT_COMPLETED_EVENT));
}

let refreshing: Promise<void> | null = null;

/**
 * Reads the status from the server and stores it in the session (avatar badge, Plus button, warning),
 * then refetches every query (test lists carry `user_is_official`, so locks open). A refresh already
 * under way is joined, never doubled (spec 000 §4: concurrent refreshes are prevented).
 */
export function refreshPlus(client: QueryClient): Promise<void> {
  refreshing ??= (async () => {
    try {
      // The membership call and its schema load here: the shell listens without them (decision 017).
      const { membershipQuery } = await import('../api/get-membership');
      await client.invalidateQueries({ queryKey: membershipQuery().queryKey });
      const info = await client.fetchQuery(membershipQuery());
      const data = membershipQuery().select?.(info);
      const user = getSession().user;
      if (data && user) {
        saveUser(
          {
            ...user,
            is_official: data.status.is_official,
            is_vip: data.status.has_active_vip,
            point: data.points_balance,
          },
          data.status.expires_at,
        );
      }
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'membership' });
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Listens for the payment-completed event for as long as the app shell is mounted; refreshes with the
 * query client above it, or the app's (loaded then) when the shell has not needed one yet.
 */
export function usePaymentCompletedRefresh() {
  const client = useContext(QueryClientContext);
  useEffect(() => {
    const onCompleted = () =>
      void Promise.resolve(client ?? loadQueryClient())
        .then(refreshPlus)
        .catch(() => undefined);
    window.addEventListener(PAYMENT_COMPLETED_EVENT, onCompleted);
    return () => window.removeEventListener(PAYMENT_COMPLETED_EVENT, onCompleted);
  }, [client]);
}
