/** Review cards of one user: the stored rows, their API form, adding, finding, due lists and figures. */
import { and, asc, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  REVIEW_NEW_PER_DAY,
  REVIEW_STATS_DAYS,
  reviewModesFor,
  reviewRefSchema,
  toneSchema,
} from '@kouyu/core';
import type { ReviewCard, ReviewCardKind, ReviewCardSource, ReviewMeaning, ReviewRef } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { reviewCards, reviewLog } from '../db/schema.js';
import { newSchedule } from './scheduler.js';

export type CardRow = typeof reviewCards.$inferSelect;

const DAY_MS = 24 * 3600 * 1000;

/** A card to add: what went wrong (or what the learner added) and where it came from. */
export interface CardDraft {
  kind: ReviewCardKind;
  source: ReviewCardSource;
  hanzi: string;
  pinyin?: string | null;
  tone?: number | null;
  meaning?: ReviewMeaning | null;
  context?: string | null;
  ref?: ReviewRef | null;
}

/** A stored card as the API sends it. */
export function toReviewCard(row: CardRow): ReviewCard {
  const tone = toneSchema.safeParse(row.tone);
  const ref = reviewRefSchema.safeParse(row.ref);
  return {
    id: row.id,
    kind: asKind(row.kind),
    source: asSource(row.source),
    hanzi: row.hanzi,
    pinyin: row.pinyin,
    tone: tone.success ? tone.data : null,
    meaning: row.meaning,
    context: row.context,
    ref: row.ref && ref.success ? ref.data : null,
    modes: reviewModesFor(asKind(row.kind), tone.success),
    due: row.due.toISOString(),
    state: row.state,
    reps: row.reps,
    lapses: row.lapses,
    last_review: row.lastReview?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const KINDS: readonly ReviewCardKind[] = ['char', 'tone', 'word', 'idiom', 'hsk', 'dictation'];
const SOURCES: readonly ReviewCardSource[] = [
  'speaking',
  'voice',
  'examiner',
  'hsk',
  'dictation',
  'idiom',
  'manual',
];
// Only this module writes the columns, from the core lists; the fallbacks never show.
const asKind = (v: string): ReviewCardKind => KINDS.find((k) => k === v) ?? 'word';
const asSource = (v: string): ReviewCardSource => SOURCES.find((s) => s === v) ?? 'manual';

/**
 * Adds cards, skipping any the user already has (same kind and hanzi): the same mistake made again is
 * the same card, left where its schedule stands. Returns the rows that were new.
 */
export async function addCards(
  db: Db,
  userId: number,
  drafts: readonly CardDraft[],
  at: Date,
): Promise<CardRow[]> {
  if (drafts.length === 0) return [];
  const schedule = newSchedule(at);
  return db
    .insert(reviewCards)
    .values(
      drafts.map((d) => ({
        userId,
        kind: d.kind,
        source: d.source,
        hanzi: d.hanzi,
        pinyin: d.pinyin ?? null,
        tone: d.tone ?? null,
        meaning: d.meaning ?? null,
        context: d.context ?? null,
        ref: d.ref ?? null,
        ...schedule,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoNothing({ target: [reviewCards.userId, reviewCards.kind, reviewCards.hanzi] })
    .returning();
}

/** The user's card of this kind and hanzi. */
export async function findCardByHanzi(
  db: Db,
  userId: number,
  kind: string,
  hanzi: string,
): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.kind, kind), eq(reviewCards.hanzi, hanzi)));
  return row ?? null;
}

/** Deletes one of the user's cards; false when it is not theirs or does not exist. */
export async function deleteCard(db: Db, userId: number, id: string): Promise<boolean> {
  const gone = await db
    .delete(reviewCards)
    .where(and(eq(reviewCards.id, id), eq(reviewCards.userId, userId)))
    .returning({ id: reviewCards.id });
  return gone.length > 0;
}

/** New cards the user may still start now: the daily allowance less new cards answered in the last 24 h. */
async function newAllowance(db: Db, userId: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${reviewLog.cardId})::int` })
    .from(reviewLog)
    .where(
      and(
        eq(reviewLog.userId, userId),
        eq(reviewLog.stateBefore, 'new'),
        gte(reviewLog.answeredAt, new Date(at.getTime() - DAY_MS)),
      ),
    );
  return Math.max(0, REVIEW_NEW_PER_DAY - (row?.n ?? 0));
}

/**
 * Cards due at `at`: those already learning or in review whose time has come (earliest first), then new
 * cards (oldest mistake first) up to the daily allowance. `count` is all of them, beyond `limit` too.
 */
export async function dueCards(
  db: Db,
  userId: number,
  at: Date,
  limit: number,
): Promise<{ rows: CardRow[]; count: number }> {
  const mine = eq(reviewCards.userId, userId);
  const started = and(mine, ne(reviewCards.state, 'new'), lte(reviewCards.due, at));
  const fresh = and(mine, eq(reviewCards.state, 'new'), lte(reviewCards.due, at));
  const [allowance, [startedCount], [freshCount]] = await Promise.all([
    newAllowance(db, userId, at),
    db.select({ n: count() }).from(reviewCards).where(started),
    db.select({ n: count() }).from(reviewCards).where(fresh),
  ]);
  const dueStarted = startedCount?.n ?? 0;
  const dueNew = Math.min(allowance, freshCount?.n ?? 0);
  const rows = await db
    .select()
    .from(reviewCards)
    .where(started)
    .orderBy(asc(reviewCards.due), asc(reviewCards.id))
    .limit(limit);
  const room = Math.min(limit - rows.length, dueNew);
  if (room > 0) {
    rows.push(
      ...(await db
        .select()
        .from(reviewCards)
        .where(fresh)
        .orderBy(asc(reviewCards.createdAt), asc(reviewCards.id))
        .limit(room)),
    );
  }
  return { rows, count: dueStarted + dueNew };
}

/** The user's cards with these ids (others' ids are left out). */
export async function cardsByIds(db: Db, userId: number, ids: readonly string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), inArray(reviewCards.id, [...new Set(ids)])));
}

/** The figures of `GET /review/stats`; days are UTC days of `at`. */
export async function reviewStats(db: Db, userId: number, at: Date) {
  const today = at.toISOString().slice(0, 10);
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - (REVIEW_STATS_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${reviewLog.answeredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [states, due, byDay] = await Promise.all([
    db
      .select({ state: reviewCards.state, n: count() })
      .from(reviewCards)
      .where(eq(reviewCards.userId, userId))
      .groupBy(reviewCards.state),
    dueCards(db, userId, at, 1),
    db
      .select({ day, n: count() })
      .from(reviewLog)
      .where(
        and(eq(reviewLog.userId, userId), gte(reviewLog.answeredAt, since), lte(reviewLog.answeredAt, at)),
      )
      .groupBy(day)
      .orderBy(day),
  ]);
  const of = (...names: string[]) =>
    states.filter((s) => names.includes(s.state)).reduce((sum, s) => sum + s.n, 0);
  return {
    due_today: due.count,
    new: of('new'),
    learning: of('learning', 'relearning'),
    review: of('review'),
    total: of('new', 'learning', 'relearning', 'review'),
    reviewed_today: byDay.find((d) => d.day === today)?.n ?? 0,
    answers_by_day: byDay.map((d) => ({ day: d.day, count: d.n })),
  };
}
