import { useMutation } from '@tanstack/react-query';
import { codeSentSchema, emailBody } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';

export { emailBody };

/** `POST /auth/forgot-password`: sends a reset code (answers the same for unknown e-mails). */
export function forgotPassword(body: z.output<typeof emailBody>) {
  return api('/auth/forgot-password', { method: 'POST', body, schema: codeSentSchema, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
