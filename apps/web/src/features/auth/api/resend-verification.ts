import { useMutation } from '@tanstack/react-query';
import type { emailBody } from '@kouyu/core';
import { codeSentSchema } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** `POST /auth/resend-verification`: a new sign-up code (429 with a cooldown when asked too soon). */
export function resendVerification(body: z.output<typeof emailBody>) {
  return api('/auth/resend-verification', { method: 'POST', body, schema: codeSentSchema, auth: false });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
