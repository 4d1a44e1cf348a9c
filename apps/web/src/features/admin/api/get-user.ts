import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserDetailSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** `GET /admin/users/{id}`: one account with its Plus expiry. */
export function getUser(id: number) {
  return api(`/admin/users/${id}`, { schema: adminUserDetailSchema });
}

export const userQuery = (id: number) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: () => getUser(id) });

export function useUser(id: number) {
  return useQuery(userQuery(id));
}
