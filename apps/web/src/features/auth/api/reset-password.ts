import { useMutation } from '@tanstack/react-query';
import type { resetPasswordBody } from '@kouyu/core';
import { okSchema, passwordSchema, withConfirmation } from '@kouyu/core';
import { z } from 'zod';
import { api } from '@/lib/api';

/** The new-password form: password plus confirmation. */
export const newPasswordFormSchema = withConfirmation(z.object({ password: passwordSchema }));

/** `POST /auth/reset-password`: sets the new password; every session of the user is signed out. */
export function resetPassword(body: z.output<typeof resetPasswordBody>) {
  return api('/auth/reset-password', { method: 'POST', body, schema: okSchema, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
