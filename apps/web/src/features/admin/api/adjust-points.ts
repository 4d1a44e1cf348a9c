import { adminUserDetailSchema } from '@kouyu/core';
import type { AdminPointsBody } from '@kouyu/core';
import { api } from '@/lib/api';
import { useChangeUser } from './use-change-user';

/** `POST /admin/users/{id}/points`: adds or removes points with a reason, kept in the ledger. */
export function adjustPoints(id: number, body: AdminPointsBody) {
  return api(`/admin/users/${id}/points`, { method: 'POST', body, schema: adminUserDetailSchema });
}

export const useAdjustPoints = (id: number) =>
  useChangeUser(id, (body: AdminPointsBody) => adjustPoints(id, body));
