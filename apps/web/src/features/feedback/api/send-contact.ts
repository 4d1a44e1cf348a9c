import { useMutation } from '@tanstack/react-query';
import { contactCreatedSchema } from '@kouyu/core';
import type { ContactBody } from '@kouyu/core';
import { api } from '@/lib/api';

/** `POST /contacts`: stores a message of the signed-in user; the answer says how long to wait before the next. */
export function sendContact(body: ContactBody) {
  return api('/contacts', { method: 'POST', body, schema: contactCreatedSchema });
}

/** The send action of the feedback form. */
export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
