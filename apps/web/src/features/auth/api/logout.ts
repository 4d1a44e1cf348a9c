import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { clearSession, getSession } from '@/lib/session';

/** `POST /auth/logout`: revokes the refresh token on the server. */
export function logout(refreshToken: string | null) {
  return api('/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refresh_token: refreshToken } : {},
    schema: okSchema,
  });
}

/**
 * Signs out: tells the server, then clears tokens, user data and the VIP cache (also when the server
 * cannot be reached: the user asked to leave) and drops every cached answer of the signed-in user.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout(getSession().refreshToken);
      } catch {
        // Signing out locally must not depend on the server.
      }
    },
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
