/**
 * Review answers: every answer is logged once (per client_id), and moves the card's schedule unless an
 * answer given later has already moved it (last write wins by answered_at), so two devices syncing an
 * offline queue in any order end on the same card and lose no answer.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { answeredAtWithin } from '@kouyu/core';
import type { ReviewMode, ReviewRating } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { reviewCards, reviewLog } from '../db/schema.js';
import type { CardRow } from './cards.js';
import { nextSchedule } from './scheduler.js';
import type { Schedule } from './scheduler.js';

export interface Answer {
  cardId: string;
  rating: ReviewRating;
  /** When the learner answered, as the client says; the server bounds it (see `answeredAtWithin`). */
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
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.id, answer.cardId), eq(reviewCards.userId, userId)))
      .for('update');
    if (!card) return null;
    const at = answeredAtWithin(answer.answeredAt, now, card.createdAt);
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
 * Applies an offline queue in one transaction, in answered_at order (ties by client_id, so every order of
 * arrival gives the same result): the same rule as `applyAnswer`, with each card read and written once.
 * Answers for cards that are not the user's are skipped. Returns each touched card once.
 */
export async function syncAnswers(
  db: Db,
  userId: number,
  answers: readonly Answer[],
  now: Date,
): Promise<CardRow[]> {
  if (answers.length === 0) return [];
  const ordered = answers
    .map((a) => ({ ...a, answeredAt: a.answeredAt.getTime() > now.getTime() ? now : a.answeredAt }))
    .sort(
      (a, b) =>
        a.answeredAt.getTime() - b.answeredAt.getTime() || (a.clientId ?? '').localeCompare(b.clientId ?? ''),
    );
  return db.transaction(async (tx) => {
    // Cards are locked before the log is read, so two syncs of the same queue cannot both apply it.
    const cards = await tx
      .select()
      .from(reviewCards)
      .where(
        and(
          eq(reviewCards.userId, userId),
          inArray(reviewCards.id, [...new Set(ordered.map((a) => a.cardId))]),
        ),
      )
      .for('update');
    const byId = new Map(cards.map((c) => [c.id, c]));
    const clientIds = ordered.flatMap((a) => (a.clientId ? [a.clientId] : []));
    const seen = new Set(
      clientIds.length === 0
        ? []
        : (
            await tx
              .select({ clientId: reviewLog.clientId })
              .from(reviewLog)
              .where(and(eq(reviewLog.userId, userId), inArray(reviewLog.clientId, clientIds)))
          ).map((r) => r.clientId),
    );
    const logs: (typeof reviewLog.$inferInsert)[] = [];
    const touched = new Set<string>();
    const moved = new Map<string, Schedule>();
    for (const answer of ordered) {
      const card = byId.get(answer.cardId);
      if (!card) continue;
      touched.add(card.id);
      if (answer.clientId) {
        if (seen.has(answer.clientId)) continue;
        seen.add(answer.clientId);
      }
      const answeredAt = answeredAtWithin(answer.answeredAt, now, card.createdAt);
      const applied = !card.lastReview || answeredAt.getTime() >= card.lastReview.getTime();
      logs.push({
        userId,
        cardId: card.id,
        rating: answer.rating,
        mode: answer.mode ?? null,
        answeredAt,
        clientId: answer.clientId ?? null,
        stateBefore: card.state,
        applied,
      });
      if (!applied) continue;
      const schedule = nextSchedule(card, answer.rating, answeredAt);
      byId.set(card.id, { ...card, ...schedule, updatedAt: now });
      moved.set(card.id, schedule);
    }
    if (logs.length > 0) await tx.insert(reviewLog).values(logs).onConflictDoNothing();
    for (const [id, schedule] of moved) {
      await tx
        .update(reviewCards)
        .set({ ...schedule, updatedAt: now })
        .where(eq(reviewCards.id, id));
    }
    return [...touched].flatMap((id) => byId.get(id) ?? []);
  });
}
