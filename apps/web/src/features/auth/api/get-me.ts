import { useMutation } from '@tanstack/react-query';
import { meSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { saveUser } from '@/lib/session';

/** `GET /auth/me`: the current user and Plus expiry (429 `profile_refresh_rate_limited` when asked too often). */
export function getMe() {
  return api('/auth/me', { schema: meSchema });
}

/** Refreshes the stored user and Plus status; the caller disables its button while pending, so refreshes never overlap. */
export function useRefreshMe() {
  return useMutation({
    mutationFn: getMe,
    onSuccess: (data) => saveUser(data.user, data.payment_expiration),
  });
}
