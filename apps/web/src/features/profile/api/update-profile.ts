import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meSchema, updateProfileBody } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { saveUser } from '@/lib/session';

/** The name form: the name rule of `PATCH /user`. */
export const nameFormSchema = updateProfileBody.pick({ name: true }).required();

/** `PATCH /user`: name, language or settings; answers like `GET /auth/me`. */
export function updateProfile(body: z.output<typeof updateProfileBody>) {
  return api('/user', { method: 'PATCH', body, schema: meSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      saveUser(data.user, data.payment_expiration);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
