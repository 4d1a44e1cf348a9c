import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hskAttemptSchema } from '@kouyu/core';
import type { HskAttemptInput } from '@kouyu/core';
import { api } from '@/lib/api';

/** `POST /hsk/sets/{id}/attempts`: scored on the server; saved when signed in. */
export function submitAttempt(setId: string, body: HskAttemptInput) {
  return api(`/hsk/sets/${setId}/attempts`, { method: 'POST', body, schema: hskAttemptSchema });
}

export function useSubmitAttempt(setId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HskAttemptInput) => submitAttempt(setId, body),
    // Set cards show the latest attempt and the results page lists them.
    onSuccess: () =>
      client.invalidateQueries({ queryKey: ['hsk'], predicate: (q) => q.queryKey[1] !== 'set' }),
  });
}
