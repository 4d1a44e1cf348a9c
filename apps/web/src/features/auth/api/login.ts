import { useMutation } from '@tanstack/react-query';
import { authDataSchema, loginBody } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { saveAuth } from '@/lib/session';

export { loginBody };

/** `POST /auth/login`. */
export function login(body: z.output<typeof loginBody>) {
  return api('/auth/login', { method: 'POST', body, schema: authDataSchema, auth: false });
}

/** Signs in and stores the session. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (data) => saveAuth(data) });
}
