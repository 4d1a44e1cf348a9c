import { describe, expect, it } from 'vitest';
import {
  REVIEW_OFFLINE_WINDOW_MS,
  answeredAtWithin,
  REVIEW_DUE_LIMIT_DEFAULT,
  REVIEW_DUE_LIMIT_MAX,
  reviewAddCardBodySchema,
  reviewAnswerBodySchema,
  reviewDueQuerySchema,
  reviewModesFor,
  reviewSyncBodySchema,
} from './review.js';

describe('review API rules', () => {
  it('takes a card by hand only with a Chinese character, trimmed and short', () => {
    expect(reviewAddCardBodySchema.parse({ kind: 'word', hanzi: ' 朋友 ' }).hanzi).toBe('朋友');
    expect(reviewAddCardBodySchema.safeParse({ kind: 'word', hanzi: 'pengyou' }).success).toBe(false);
    expect(reviewAddCardBodySchema.safeParse({ kind: 'word', hanzi: '' }).success).toBe(false);
    expect(reviewAddCardBodySchema.safeParse({ kind: 'word', hanzi: '好'.repeat(33) }).success).toBe(false);
    expect(reviewAddCardBodySchema.safeParse({ kind: 'phrase', hanzi: '你好' }).success).toBe(false);
    expect(reviewAddCardBodySchema.safeParse({ kind: 'word', hanzi: '你好', ref: { evil: 1 } }).success).toBe(
      false,
    );
  });

  it('takes ratings 1-4 and an ISO time with its offset', () => {
    expect(reviewAnswerBodySchema.safeParse({ rating: 0 }).success).toBe(false);
    expect(reviewAnswerBodySchema.safeParse({ rating: 5 }).success).toBe(false);
    expect(
      reviewAnswerBodySchema.safeParse({ rating: 4, answered_at: '2026-11-25T10:00:00+08:00' }).success,
    ).toBe(true);
    expect(reviewAnswerBodySchema.safeParse({ rating: 3, answered_at: 'yesterday' }).success).toBe(false);
    const answer = { card_id: crypto.randomUUID(), rating: 3, answered_at: '2026-11-25T10:00:00Z' };
    expect(reviewSyncBodySchema.safeParse({ answers: [answer] }).success).toBe(false);
    expect(reviewSyncBodySchema.safeParse({ answers: [{ ...answer, client_id: 'a' }] }).success).toBe(true);
  });

  it('bounds the due list', () => {
    expect(reviewDueQuerySchema.parse({}).limit).toBe(REVIEW_DUE_LIMIT_DEFAULT);
    expect(reviewDueQuerySchema.parse({ limit: '5' }).limit).toBe(5);
    expect(reviewDueQuerySchema.safeParse({ limit: REVIEW_DUE_LIMIT_MAX + 1 }).success).toBe(false);
    expect(reviewDueQuerySchema.safeParse({ limit: 0 }).success).toBe(false);
  });

  it('practises each kind in the ways that fit it', () => {
    expect(reviewModesFor('char', true)).toContain('tone');
    expect(reviewModesFor('char', false)).not.toContain('tone');
    expect(reviewModesFor('idiom', false)[0]).toBe('idiom_fill');
    expect(reviewModesFor('dictation', false)[0]).toBe('write');
    expect(reviewModesFor('tone', true)[0]).toBe('tone');
  });
});

describe('answeredAtWithin', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const DAY = 86_400_000;
  const card = new Date(now.getTime() - 30 * DAY);
  it('keeps an offline answer’s own time inside the window', () => {
    const claimed = new Date(now.getTime() - 2 * DAY);
    expect(answeredAtWithin(claimed, now, card)).toEqual(claimed);
  });
  it('never dates an answer after now, before the card, or older than the window', () => {
    expect(answeredAtWithin(new Date(now.getTime() + DAY), now, card)).toEqual(now);
    const fresh = new Date(now.getTime() - 60_000);
    expect(answeredAtWithin(new Date(now.getTime() - 20 * DAY), now, fresh)).toEqual(fresh);
    expect(answeredAtWithin(new Date(0), now, card)).toEqual(
      new Date(now.getTime() - REVIEW_OFFLINE_WINDOW_MS),
    );
  });
});
