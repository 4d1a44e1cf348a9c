import { adminUserDetailSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { useChangeUser } from './use-change-user';

/** `PUT /admin/users/{id}/role`: makes the user an admin (true) or a basic user (false). */
export function updateRole(id: number, admin: boolean) {
  return api(`/admin/users/${id}/role`, { method: 'PUT', body: { admin }, schema: adminUserDetailSchema });
}

export const useUpdateRole = (id: number) => useChangeUser(id, (admin: boolean) => updateRole(id, admin));
