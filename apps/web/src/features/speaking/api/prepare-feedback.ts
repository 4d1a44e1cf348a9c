import { prepareWsSchema } from '@kouyu/core';
import type { FeedbackPayload } from '@kouyu/core';
import { api } from '@/lib/api';

/** `POST /user-test-questions/prepare-ws`: stores a long or full-test payload and returns its session id. */
export async function prepareFeedback(payload: FeedbackPayload): Promise<string> {
  const res = await api('/user-test-questions/prepare-ws', {
    method: 'POST',
    body: payload,
    schema: prepareWsSchema,
  });
  return res.session_id;
}
