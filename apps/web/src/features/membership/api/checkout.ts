import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkoutSchema, checkoutStateSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `POST /membership/checkout {plan}`: starts a checkout and leaves for the provider's page. */
export function useCheckout() {
  return useMutation({
    mutationFn: (plan: string) =>
      api('/membership/checkout', { method: 'POST', body: { plan }, schema: checkoutSchema }),
    onSuccess: (data) => window.location.assign(data.url),
  });
}

/** How long the success page keeps asking before it says the payment is still on its way. */
export const CHECKOUT_POLL_MS = 2000;
export const CHECKOUT_POLL_LIMIT = 90;

/** `GET /membership/checkout/{id}`, asked again until the verified webhook has turned it paid. */
export function useCheckoutState(sessionId: string | null) {
  const client = useQueryClient();
  const queryKey = ['membership-checkout', sessionId];
  const query = useQuery({
    queryKey,
    queryFn: () =>
      api(`/membership/checkout/${encodeURIComponent(sessionId ?? '')}`, { schema: checkoutStateSchema }),
    enabled: sessionId !== null,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && q.state.dataUpdateCount < CHECKOUT_POLL_LIMIT
        ? CHECKOUT_POLL_MS
        : false,
    retry: 2,
  });
  const polls = client.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { ...query, exhausted: query.data?.status === 'pending' && polls >= CHECKOUT_POLL_LIMIT };
}
