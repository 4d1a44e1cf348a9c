import { adminUserDetailSchema } from '@kouyu/core';
import type { AdminMembershipBody } from '@kouyu/core';
import { api } from '@/lib/api';
import { useChangeUser } from './use-change-user';

/** `PUT /admin/users/{id}/membership`: grants, extends (a date) or ends (null) Plus. */
export function updateMembership(id: number, body: AdminMembershipBody) {
  return api(`/admin/users/${id}/membership`, { method: 'PUT', body, schema: adminUserDetailSchema });
}

export const useUpdateMembership = (id: number) =>
  useChangeUser(id, (body: AdminMembershipBody) => updateMembership(id, body));
