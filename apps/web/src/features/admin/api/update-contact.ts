import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContactSchema } from '@kouyu/core';
import type { adminContactUpdateBody } from '@kouyu/core';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

export type ContactUpdate = z.input<typeof adminContactUpdateBody>;

/** `PUT /admin/contacts/{id}`: a new status, a note (null clears it), or both. */
export function updateContact(id: number, body: ContactUpdate) {
  return api(`/admin/contacts/${id}`, { method: 'PUT', body, schema: adminContactSchema });
}

/** Saves a change and refetches the list and the counts, so both show the new state. */
export function useUpdateContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactUpdate }) => updateContact(id, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.contacts }),
        client.invalidateQueries({ queryKey: adminKeys.contactStats }),
      ]),
  });
}
