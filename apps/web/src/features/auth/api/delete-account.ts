import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAccountBody, okSchema } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { clearSession } from '@/lib/session';

export { deleteAccountBody };

/** `DELETE /user`: deletes the account after the password is confirmed. */
export function deleteAccount(body: z.output<typeof deleteAccountBody>) {
  return api('/user', { method: 'DELETE', body, schema: okSchema });
}

/**
 * Deletes the account, then runs `leave` (go somewhere a guest may be) before the session and every
 * cached answer are cleared.
 */
export function useDeleteAccount(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await leave();
      clearSession();
      queryClient.clear();
    },
  });
}
