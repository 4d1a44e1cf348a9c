import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPaymentsSchema,
  membershipHistorySchema,
  redeemBatchCreatedSchema,
  redeemBatchDetailSchema,
  redeemBatchesSchema,
  revokedSchema,
} from '@kouyu/core';
import type { RedeemBatchInput } from '@kouyu/core';
import { api } from '@/lib/api';

/** Query keys of the Plus admin pages, under `admin` like the rest of the area. */
export const plusKeys = {
  payments: (page: number) => ['admin', 'payments', page] as const,
  batches: ['admin', 'redeem-codes'] as const,
  batch: (id: number) => ['admin', 'redeem-codes', id] as const,
  history: (userId: number) => ['admin', 'membership-history', userId] as const,
};

/** `GET /admin/payments`: newest first, with provider, amount, status and refunds. */
export function usePayments(page: number) {
  return useQuery(
    queryOptions({
      queryKey: plusKeys.payments(page),
      queryFn: () => api('/admin/payments', { schema: adminPaymentsSchema, query: { page, page_size: 20 } }),
    }),
  );
}

/** `GET /admin/redeem-codes`: the batches with their used and revoked counts. */
export function useBatches() {
  return useQuery({
    queryKey: plusKeys.batches,
    queryFn: () => api('/admin/redeem-codes', { schema: redeemBatchesSchema }),
  });
}

/** `GET /admin/redeem-codes/{id}`: a batch's codes and who used them. */
export function getBatch(id: number) {
  return api(`/admin/redeem-codes/${id}`, { schema: redeemBatchDetailSchema });
}

export function useBatch(id: number | null) {
  return useQuery({
    queryKey: plusKeys.batch(id ?? 0),
    queryFn: () => getBatch(id ?? 0),
    enabled: id !== null,
  });
}

/** `POST /admin/redeem-codes`: a new batch; the answer carries its codes. */
export function useCreateBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RedeemBatchInput) =>
      api('/admin/redeem-codes', { method: 'POST', body, schema: redeemBatchCreatedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: plusKeys.batches }),
  });
}

/** `POST /admin/redeem-codes/{id}/revoke`: withdraws the batch's unused codes. */
export function useRevokeBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(`/admin/redeem-codes/${id}/revoke`, { method: 'POST', body: {}, schema: revokedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: plusKeys.batches }),
  });
}

/** `GET /admin/users/{id}/membership-history`: every change of the user's Plus and its source. */
export function useMembershipHistory(userId: number) {
  return useQuery({
    queryKey: plusKeys.history(userId),
    queryFn: () => api(`/admin/users/${userId}/membership-history`, { schema: membershipHistorySchema }),
  });
}

/** Offers a text as a file download. */
export function downloadText(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
