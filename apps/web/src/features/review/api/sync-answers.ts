import { REVIEW_SYNC_MAX, reviewSyncResponseSchema } from '@kouyu/core';
import type { ReviewCard, ReviewSyncAnswer } from '@kouyu/core';
import { ApiError, api } from '@/lib/api';
import { dropAnswers, queuedAnswers } from '../lib/review-store';

/** `POST /review/sync`: answers in answered_at order; the server keeps the latest per card, each once per client_id. */
export function syncAnswers(answers: ReviewSyncAnswer[]): Promise<ReviewCard[]> {
  return api('/review/sync', { method: 'POST', body: { answers }, schema: reviewSyncResponseSchema }).then(
    (res) => res.cards,
  );
}

/** A refusal that will not change on another try (bad input, a card deleted meanwhile): the answers are given up. */
function finalRefusal(err: unknown): boolean {
  return (
    err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status)
  );
}

let sending: Promise<ReviewCard[]> | null = null;

/**
 * Sends the answers kept on this device, in batches, and forgets each batch the server took; resolves
 * with the cards as now scheduled. One send at a time: a second caller waits for the first.
 */
export function sendQueued(userId: number): Promise<ReviewCard[]> {
  sending ??= (async () => {
    const cards: ReviewCard[] = [];
    for (;;) {
      const batch = (await queuedAnswers(userId)).slice(0, REVIEW_SYNC_MAX);
      if (batch.length === 0) return cards;
      const ids = batch.map((a) => a.client_id);
      try {
        cards.push(
          ...(await syncAnswers(
            batch.map(({ card_id, rating, answered_at, client_id, mode }) => ({
              card_id,
              rating,
              answered_at,
              client_id,
              mode,
            })),
          )),
        );
      } catch (err) {
        if (!finalRefusal(err)) throw err;
      }
      await dropAnswers(ids);
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}
