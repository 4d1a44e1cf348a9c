import { useMutation } from '@tanstack/react-query';
import { codeSentSchema, registerBody, withConfirmation } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** The sign-up form: the request body plus "confirm password". */
export const registerFormSchema = withConfirmation(registerBody);

/** `POST /auth/register`: creates the account and sends a verification code. */
export function register(body: z.output<typeof registerBody>) {
  return api('/auth/register', { method: 'POST', body, schema: codeSentSchema, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
