import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail } from '@kouyu/core';
import { getSession, saveUser } from '@/lib/session';
import { adminKeys } from './keys';

/**
 * A change to one user: the answer replaces the user's page at once and the lists refetch; when the
 * admin changed their own account, the stored session follows too (the header shows Plus and points).
 */
export function useChangeUser<V>(id: number, change: (vars: V) => Promise<AdminUserDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (data) => {
      client.setQueryData(adminKeys.user(id), data);
      if (getSession().user?.id === data.user.id) saveUser(data.user, data.payment_expiration);
      await client.invalidateQueries({ queryKey: adminKeys.users });
    },
  });
}
