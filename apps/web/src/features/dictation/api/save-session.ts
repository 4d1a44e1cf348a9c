import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictationSessionResponseSchema } from '@kouyu/core';
import type { DictationSession, SaveSessionBody } from '@kouyu/core';
import { api } from '@/lib/api';
import { RESULTS_KEY } from './get-results';

/** `POST /dictation/sessions`, or `PUT /dictation/sessions/:id` when `id` is given: saves with a kept analysis. */
export async function saveSession(input: SaveSessionBody & { id: number | null }): Promise<DictationSession> {
  const { id, ...body } = input;
  const res = await api(id === null ? '/dictation/sessions' : `/dictation/sessions/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: dictationSessionResponseSchema,
  });
  return res.data;
}

export function useSaveSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSession,
    onSuccess: () => client.invalidateQueries({ queryKey: [RESULTS_KEY] }),
  });
}
