import { queryOptions, useQuery } from '@tanstack/react-query';
import { REVIEW_DUE_LIMIT_DEFAULT, reviewDueResponseSchema } from '@kouyu/core';
import type { ReviewCard } from '@kouyu/core';
import { ApiError, api } from '@/lib/api';
import { cachedDue, queuedAnswers, saveDue } from '../lib/review-store';
import { sendQueued } from './sync-answers';

export interface DueList {
  cards: ReviewCard[];
  due_count: number;
  /** True when the list came from this device (no connection): answers wait in the queue. */
  offline: boolean;
}

/**
 * `GET /review/due`, after the answers kept on the device went out; without a connection, the last
 * list saved on the device less the cards answered since.
 */
export async function loadDue(userId: number): Promise<DueList> {
  // Answers kept on the device go first, so the list does not bring back what was answered offline.
  await sendQueued(userId).catch(() => undefined);
  const unsent = async () => new Set((await queuedAnswers(userId).catch(() => [])).map((a) => a.card_id));
  try {
    const res = await api('/review/due', {
      schema: reviewDueResponseSchema,
      query: { limit: REVIEW_DUE_LIMIT_DEFAULT },
    });
    const saved = {
      user_id: userId,
      cards: res.cards,
      due_count: res.due_count,
      saved_at: new Date().toISOString(),
    };
    await saveDue(saved).catch(() => undefined);
    const answered = await unsent();
    return { cards: res.cards.filter((c) => !answered.has(c.id)), due_count: res.due_count, offline: false };
  } catch (err) {
    // The server answered with a refusal: that is the answer. Only a missing connection falls back.
    if (err instanceof ApiError) throw err;
    const cached = await cachedDue(userId).catch(() => null);
    if (!cached) throw err;
    const answered = await unsent();
    const cards = cached.cards.filter((c) => !answered.has(c.id));
    return {
      cards,
      due_count: Math.max(0, cached.due_count - (cached.cards.length - cards.length)),
      offline: true,
    };
  }
}

export const dueQuery = (userId: number) =>
  queryOptions({
    queryKey: ['review-due', userId],
    queryFn: () => loadDue(userId),
    // Offline the list comes from the device, so the query must run instead of waiting for the network.
    networkMode: 'always',
    retry: false,
  });

export function useDue(userId: number) {
  return useQuery(dueQuery(userId));
}
