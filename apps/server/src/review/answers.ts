/**
 * Review answers: every answer is logged once (per client_id), and moves the card's schedule unless an
 * answer given later has already moved it (last write wins by answered_at), so two devices syncing an
 * offline queue in any order end on the same card and lose no answer.
 */
import { and, eq } from 'drizzle-orm';
import type { ReviewMode, ReviewRating } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { reviewCards, reviewLog } from '../db/schema.js';
import type { CardRow } from './cards.js';
import { nextSchedule } from './scheduler.js';

export interface Answer {
  cardId: string;
  rating: ReviewRating;
  /** When the learner answered; a time after `now` (a device clock running ahead) counts as now. */
  answeredAt: Date;
  clientId?: string | undefined;
  mode?: ReviewMode | undefined;
}

/**
 * Applies one answer of the user's in a transaction. Returns the card as it now stands, or null when the
 * card is not the user's (or no longer exists).
 */
export async function applyAnswer(
  db: Db,
  userId: number,
  answer: Answer,
  now: Date,
): Promise<CardRow | null> {
  const at = answer.answeredAt.getTime() > now.getTime() ? now : answer.answeredAt;
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.id, answer.cardId), eq(reviewCards.userId, userId)))
      .for('update');
    if (!card) return null;
    const applied = !card.lastReview || at.getTime() >= card.lastReview.getTime();
    const logged = await tx
      .insert(reviewLog)
      .values({
        userId,
        cardId: card.id,
        rating: answer.rating,
        mode: answer.mode ?? null,
        answeredAt: at,
        clientId: answer.clientId ?? null,
        stateBefore: card.state,
        applied,
      })
      .onConflictDoNothing({ target: [reviewLog.userId, reviewLog.clientId] })
      .returning({ id: reviewLog.id });
    // The same client_id again: already counted, the card stays as it is.
    if (logged.length === 0 || !applied) return card;
    const [updated] = await tx
      .update(reviewCards)
      .set({ ...nextSchedule(card, answer.rating, at), updatedAt: now })
      .where(eq(reviewCards.id, card.id))
      .returning();
    return updated ?? card;
  });
}

/**
 * Applies an offline queue in answered_at order (ties by client_id, so every order of arrival gives the
 * same result). Answers for cards that are not the user's are skipped. Returns each touched card once.
 */
export async function syncAnswers(
  db: Db,
  userId: number,
  answers: readonly Answer[],
  now: Date,
): Promise<CardRow[]> {
  const ordered = [...answers].sort(
    (a, b) =>
      a.answeredAt.getTime() - b.answeredAt.getTime() || (a.clientId ?? '').localeCompare(b.clientId ?? ''),
  );
  const latest = new Map<string, CardRow>();
  for (const answer of ordered) {
    const card = await applyAnswer(db, userId, answer, now);
    if (card) latest.set(card.id, card);
  }
  return [...latest.values()];
}
