import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practiceResultSchema } from '@kouyu/core';
import { api } from '@/lib/api';

export interface PracticeAnswer {
  question_token: string;
  choice: number;
  /** Signed-in answers are saved (`POST /idiom-records`); guests' are only checked. */
  save: boolean;
}

/** Sends an answer; the server says whether it was right. */
export function answerPractice({ save, ...body }: PracticeAnswer) {
  return api(save ? '/idiom-records' : '/idioms/practice/check', {
    method: 'POST',
    body,
    schema: practiceResultSchema,
  });
}

export function useAnswerPractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerPractice,
    onSuccess: (_data, answer) =>
      answer.save ? queryClient.invalidateQueries({ queryKey: ['idiom-records'] }) : undefined,
  });
}
