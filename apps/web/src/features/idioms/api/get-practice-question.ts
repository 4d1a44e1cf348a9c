import { queryOptions, useQuery } from '@tanstack/react-query';
import { practiceQuestionSchema } from '@kouyu/core';
import type { Language, PracticeMode } from '@kouyu/core';
import { api } from '@/lib/api';

export interface PracticeRequest {
  mode: PracticeMode;
  category: string | null;
  language: Language;
  /** The question number: each answered question is replaced by a new one. */
  round: number;
  /** The idiom just asked, so it does not come twice in a row. */
  exclude: number | null;
}

/** `GET /idioms/practice`: a question with four options; its token is good for one answer. */
export const practiceQuestionQuery = ({ exclude, ...req }: PracticeRequest) =>
  queryOptions({
    queryKey: ['idiom-practice', req],
    queryFn: () =>
      api('/idioms/practice', {
        schema: practiceQuestionSchema,
        query: {
          mode: req.mode,
          category: req.category ?? undefined,
          language: req.language,
          exclude: exclude ?? undefined,
        },
      }),
    // A question is never reused: its token is spent once answered.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function usePracticeQuestion(req: PracticeRequest) {
  return useQuery(practiceQuestionQuery(req));
}
