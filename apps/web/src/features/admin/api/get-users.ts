import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_USERS_PAGE_SIZE, adminUsersSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

export interface UsersRequest {
  page: number;
  search?: string;
}

/** `GET /admin/users`: accounts newest first, searched by e-mail or name. */
export function getUsers(req: UsersRequest) {
  return api('/admin/users', {
    schema: adminUsersSchema,
    query: { page: req.page, page_size: ADMIN_USERS_PAGE_SIZE, search: req.search || undefined },
  });
}

export const usersQuery = (req: UsersRequest) =>
  queryOptions({
    queryKey: [...adminKeys.users, req],
    queryFn: () => getUsers(req),
    placeholderData: keepPreviousData,
  });

export function useUsers(req: UsersRequest) {
  return useQuery(usersQuery(req));
}
