import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { submitResultBody } from '@kouyu/core';
import { api } from '@/lib/api';

const submittedSchema = z.object({ success: z.literal(true) }).passthrough();

export type SubmitResult = z.input<typeof submitResultBody>;

/** `POST /user-test-questions`: saves a finished run for the results page. */
export function submitResult(body: SubmitResult) {
  return api('/user-test-questions', { method: 'POST', body, schema: submittedSchema });
}

export function useSubmitResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitResult,
    // The run decides what offline means (it keeps the answers on the device at once): a mutation
    // paused until the browser is back online would leave the run "submitting" meanwhile.
    networkMode: 'always',
    onSuccess: () => client.invalidateQueries({ queryKey: ['results'] }),
  });
}
