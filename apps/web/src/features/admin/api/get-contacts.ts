import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminContactsSchema } from '@kouyu/core';
import type { ContactStatus, FeedbackType } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

export interface ContactsRequest {
  page: number;
  status?: ContactStatus;
  type?: FeedbackType;
  search?: string;
}

/** `GET /admin/contacts`: messages newest first, filtered by status, type and text. */
export function getContacts(req: ContactsRequest) {
  return api('/admin/contacts', {
    schema: adminContactsSchema,
    query: { page: req.page, status: req.status, type: req.type, search: req.search || undefined },
  });
}

export const contactsQuery = (req: ContactsRequest) =>
  queryOptions({
    queryKey: [...adminKeys.contacts, req],
    queryFn: () => getContacts(req),
    placeholderData: keepPreviousData,
  });

export function useContacts(req: ContactsRequest) {
  return useQuery(contactsQuery(req));
}
