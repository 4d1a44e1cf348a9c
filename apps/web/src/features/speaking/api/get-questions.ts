import { queryOptions, useQueries } from '@tanstack/react-query';
import { questionsSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /tests/{testId}/parts/{part}/questions`: the card, the part's instructions and its questions. */
export function getQuestions(testId: number, part: number, language: Language) {
  return api(`/tests/${testId}/parts/${part}/questions`, { schema: questionsSchema, query: { language } });
}

export const questionsQuery = (testId: number, part: number, language: Language, signedIn: boolean) =>
  queryOptions({
    queryKey: ['questions', testId, part, language, signedIn],
    queryFn: () => getQuestions(testId, part, language),
    // A run keeps the questions it started with: no refetch may swap them (or fail) mid-test.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The questions of every part of a run (one part, or parts 1-3 for a full test). */
export function usePartQuestions(
  testId: number,
  parts: readonly number[],
  language: Language,
  signedIn: boolean,
) {
  return useQueries({ queries: parts.map((p) => questionsQuery(testId, p, language, signedIn)) });
}
