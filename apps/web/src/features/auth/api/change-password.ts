import { useMutation } from '@tanstack/react-query';
import { changePasswordBody, okSchema, passwordSchema, withConfirmation } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** The change-password form: current password, new password and its confirmation. */
export const changePasswordFormSchema = withConfirmation(
  changePasswordBody.pick({ current_password: true }).extend({ password: passwordSchema }),
);

/** `POST /user/password` (400 `wrong_password` when the current one is not right). */
export function changePassword(body: z.output<typeof changePasswordBody>) {
  return api('/user/password', { method: 'POST', body, schema: okSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
