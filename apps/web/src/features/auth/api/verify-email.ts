import { useMutation } from '@tanstack/react-query';
import { authDataSchema, verifyEmailBody } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { saveAuth } from '@/lib/session';

export { verifyEmailBody };

/** `POST /auth/verify-email`: a correct code signs the new user in. */
export function verifyEmail(body: z.output<typeof verifyEmailBody>) {
  return api('/auth/verify-email', { method: 'POST', body, schema: authDataSchema, auth: false });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, onSuccess: (data) => saveAuth(data) });
}
