import { useMutation } from '@tanstack/react-query';
import { resetTokenSchema, verifyResetBody } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';

export { verifyResetBody };

/** `POST /auth/verify-password-reset-code`: trades a correct code for a reset token. */
export function verifyResetCode(body: z.output<typeof verifyResetBody>) {
  return api('/auth/verify-password-reset-code', {
    method: 'POST',
    body,
    schema: resetTokenSchema,
    auth: false,
  });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
