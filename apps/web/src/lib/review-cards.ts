import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewCardResponseSchema } from '@kouyu/core';
import type { ReviewAddCardBody, ReviewCard } from '@kouyu/core';
import { api } from './api';

/**
 * `POST /review/cards`: puts a word or an idiom into the learner's review (the "+" of vocabulary, idioms
 * and the review page); the same one again answers the card already there.
 */
export function addReviewCard(body: ReviewAddCardBody): Promise<ReviewCard> {
  return api('/review/cards', { method: 'POST', body, schema: reviewCardResponseSchema }).then(
    (res) => res.card,
  );
}

/** Adds a card; the review's lists are refreshed. */
export function useAddReviewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReviewCard,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['review-due'] }),
        queryClient.invalidateQueries({ queryKey: ['review-stats'] }),
      ]),
  });
}
