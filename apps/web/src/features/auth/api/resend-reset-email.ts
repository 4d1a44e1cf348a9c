import { useMutation } from '@tanstack/react-query';
import type { emailBody } from '@kouyu/core';
import { codeSentSchema } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** `POST /auth/resend-password-reset-email`: a new reset code (429 with a cooldown when asked too soon). */
export function resendResetEmail(body: z.output<typeof emailBody>) {
  return api('/auth/resend-password-reset-email', {
    method: 'POST',
    body,
    schema: codeSentSchema,
    auth: false,
  });
}

export function useResendResetEmail() {
  return useMutation({ mutationFn: resendResetEmail });
}
