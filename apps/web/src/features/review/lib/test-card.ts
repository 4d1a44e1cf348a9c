import type { ReviewCard } from '@kouyu/core';

/** A due card for tests: a character from a speaking test unless `over` says otherwise. */
export function testCard(over: Partial<ReviewCard> = {}): ReviewCard {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'char',
    source: 'speaking',
    hanzi: '银',
    pinyin: 'yín',
    tone: 2,
    meaning: null,
    context: null,
    ref: null,
    modes: ['repeat', 'tone', 'write', 'meaning'],
    due: '2026-11-25T10:00:00.000Z',
    state: 'new',
    reps: 0,
    lapses: 0,
    last_review: null,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}
