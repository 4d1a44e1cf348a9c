import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOutboxSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** `GET /admin/outbox`: the newest mails, optionally to one address. */
export function getOutbox(email?: string) {
  return api('/admin/outbox', { schema: adminOutboxSchema, query: { email: email || undefined } });
}

export const outboxQuery = (email?: string) =>
  queryOptions({ queryKey: [...adminKeys.outbox, email ?? ''], queryFn: () => getOutbox(email) });

export function useOutbox(email?: string) {
  return useQuery(outboxQuery(email));
}
