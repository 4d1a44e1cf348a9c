/**
 * Review speed: one learner with many cards (a year of mistakes), on the app built as in the tests
 * (PGlite in memory, requests through inject, so the figures are the server's own work). Prints the
 * median and p99 of `GET /review/due`, `POST /review/{id}/answer` and `GET /review/stats`, and the time
 * of one `POST /review/sync` carrying a full offline queue. Run from the repository root:
 *   npx tsx --tsconfig apps/server/tsconfig.test.json apps/server/bench/review.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { REVIEW_SYNC_MAX } from '@kouyu/core';
import { createTestApp } from '../src/test/app.js';
import { signUp } from '../src/test/accounts.js';
import { reviewCards } from '../src/db/schema.js';
import { newSchedule } from '../src/review/scheduler.js';

const CARDS = 3000;
const ROUNDS = 200;

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return `median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms (${times.length} requests)`;
}

const t = await createTestApp();
try {
  const me = await signUp(t.app);
  const start = Date.now() - 400 * 86_400_000;
  // Cards spread over the past year, a third of them started and due at some point in it.
  const rows = Array.from({ length: CARDS }, (_, i) => {
    const created = new Date(start + i * 10_000_000);
    const schedule = newSchedule(created);
    return {
      userId: me.user.id,
      kind: 'char',
      source: 'speaking',
      hanzi: String.fromCodePoint(0x4e00 + i),
      ...schedule,
      ...(i % 3 === 0
        ? { state: 'review' as const, reps: 3, stability: 10, difficulty: 5, lastReview: created }
        : {}),
      createdAt: created,
      updatedAt: created,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await t.app.database.db.insert(reviewCards).values(rows.slice(i, i + 500));

  const timed = async (fn: () => Promise<{ statusCode: number }>) => {
    const t0 = performance.now();
    const res = await fn();
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    return performance.now() - t0;
  };
  const get = (url: string) => () => t.app.inject({ method: 'GET', url, headers: me.auth });
  const post = (url: string, payload: unknown) => () =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...me.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  const due: number[] = [];
  const answers: number[] = [];
  const stats: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/review/due?limit=20', headers: me.auth });
    due.push(await timed(get('/api/v1/review/due?limit=20')));
    const card = res.json<{ cards: { id: string }[] }>().cards[0];
    if (card)
      answers.push(
        await timed(post(`/api/v1/review/${card.id}/answer`, { rating: 3, client_id: randomUUID() })),
      );
    if (i % 4 === 0) stats.push(await timed(get('/api/v1/review/stats')));
  }
  const queue = await t.app.inject({ method: 'GET', url: '/api/v1/review/due?limit=100', headers: me.auth });
  const ids = queue.json<{ cards: { id: string }[] }>().cards.map((c) => c.id);
  const now = Date.now();
  const batch = Array.from({ length: REVIEW_SYNC_MAX }, (_, i) => ({
    card_id: ids[i % ids.length],
    rating: (i % 4) + 1,
    answered_at: new Date(now - (REVIEW_SYNC_MAX - i) * 1000).toISOString(),
    client_id: randomUUID(),
  }));
  const sync = await timed(post('/api/v1/review/sync', { answers: batch }));

  console.log(`review with ${CARDS} cards of one learner (PGlite in memory, inject):`);
  console.log(`  GET /review/due?limit=20        ${summary(due)}`);
  console.log(`  POST /review/{id}/answer        ${summary(answers)}`);
  console.log(`  GET /review/stats               ${summary(stats)}`);
  console.log(`  POST /review/sync (${REVIEW_SYNC_MAX} answers)  ${sync.toFixed(0)} ms`);
} finally {
  await t.close();
}
