import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  REVIEW_CARDS_PER_RESULT_MAX,
  REVIEW_NEW_PER_DAY,
  REVIEW_OFFLINE_WINDOW_MS,
  reviewCardResponseSchema,
  reviewDueResponseSchema,
  reviewStatsResponseSchema,
  reviewSyncResponseSchema,
} from '@kouyu/core';
import type { ReviewCard } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, signUp } from '../../../test/accounts.js';
import { hskkQuestions, hskkTests, hskSets, reviewCards, reviewLog, vocabWords } from '../../../db/schema.js';
import { loadHskSets } from '../../../db/seed/hsk.js';
import { setClockOffset } from '../../../lib/clock.js';
import { toReviewCard } from '../../../review/cards.js';
import { cardFromIdiomAnswer, cardsFromDictation, cardsFromFeedback } from '../../../review/from-mistakes.js';

type Account = Awaited<ReturnType<typeof signUp>>;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe(`review of own mistakes on ${testDriver}`, () => {
  let t: TestApp;
  let me: Account;
  let other: Account;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Account, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who ? who.auth : {},
      remoteAddress: clientAddress(),
      ...(payload === undefined
        ? {}
        : {
            payload: JSON.stringify(payload),
            headers: { ...(who ? who.auth : {}), 'content-type': 'application/json' },
          }),
    });
  const add = async (who: Account, hanzi: string, kind = 'word') => {
    const res = await call('POST', '/review/cards', who, { kind, hanzi });
    expect([200, 201]).toContain(res.statusCode);
    return reviewCardResponseSchema.parse(res.json()).card;
  };
  const answer = async (who: Account, card: ReviewCard, body: Record<string, unknown>) => {
    const res = await call('POST', `/review/${card.id}/answer`, who, body);
    expect(res.statusCode, res.body).toBe(200);
    return reviewCardResponseSchema.parse(res.json()).card;
  };
  /** A card made an hour ago, so answers dated in the last hour fall after it existed. */
  const ageCard = async (card: ReviewCard) => {
    await t.app.database.db
      .update(reviewCards)
      .set({ createdAt: new Date(Date.now() - 60 * MINUTE) })
      .where(eq(reviewCards.id, card.id));
    return card;
  };
  const due = async (who: Account, query = '') => {
    const res = await call('GET', `/review/due${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return reviewDueResponseSchema.parse(res.json());
  };
  const moveClock = async (offsetS: number) => {
    const res = await call('POST', '/test/clock', undefined, { offset_s: offsetS });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ TEST_CLOCK: 'true' });
    const db = t.app.database.db;
    await db.insert(vocabWords).values([
      {
        level: 1,
        position: 1,
        simplified: '茶',
        traditional: '茶',
        pinyin: 'chá',
        pinyinNum: 'cha2',
        pinyinPlain: 'cha',
        en: 'tea',
        ru: 'чай',
      },
      {
        level: 1,
        position: 2,
        simplified: '喝',
        traditional: '喝',
        pinyin: 'hē',
        pinyinNum: 'he1',
        pinyinPlain: 'he',
        en: 'to drink',
        ru: 'пить',
      },
      {
        level: 1,
        position: 3,
        simplified: '朋友',
        traditional: '朋友',
        pinyin: 'péngyou',
        pinyinNum: 'peng2 you5',
        pinyinPlain: 'pengyou',
        en: 'friend',
        ru: 'друг',
      },
      {
        level: 2,
        position: 1,
        simplified: '一起',
        traditional: '一起',
        pinyin: 'yìqǐ',
        pinyinNum: 'yi4 qi3',
        pinyinPlain: 'yiqi',
        en: 'together',
        ru: 'вместе',
      },
    ]);
    await db.insert(hskkTests).values({
      id: 9001,
      level: 'basic',
      levelId: 1,
      number: 1,
      testName: { en: 'Review test', zh: '复习', ru: 'Тест' },
      description: { en: '', zh: '', ru: '' },
      difficulty: 'easy',
      testType: 'practice',
      timeLimit: 600,
      availableParts: [1],
    });
    const question = (id: number, number: number, text: string) => ({
      id,
      testId: 9001,
      levelId: 1,
      part: 1,
      number,
      questionType: 'repeat',
      audioText: text,
      referenceText: text,
    });
    await db
      .insert(hskkQuestions)
      .values([
        question(90011, 1, '我喜欢喝茶。'),
        question(90012, 2, '今天天气很好，我们去公园散步，然后去饭馆吃晚饭，好不好？'),
      ]);
    const set = loadHskSets().sets.find((s) => s.id === 'hsk3-writing-1');
    if (!set) throw new Error('no hsk3-writing-1');
    await db.insert(hskSets).values({ ...set, timeLimit: set.time_limit });
    [me, other] = await Promise.all([signUp(t.app), signUp(t.app)]);
  }, 120_000);
  afterAll(async () => {
    setClockOffset(0);
    await t.close();
  });

  it('is for signed-in learners only, and another learner’s card is a 404', async () => {
    for (const [method, url] of [
      ['GET', '/review/due'],
      ['GET', '/review/stats'],
      ['POST', '/review/cards'],
      ['POST', '/review/sync'],
    ] as const) {
      expect((await call(method, url, undefined, method === 'POST' ? {} : undefined)).statusCode, url).toBe(
        401,
      );
    }
    const card = await add(other, '朋友');
    const answered = await call('POST', `/review/${card.id}/answer`, me, { rating: 3 });
    expect(answered.statusCode).toBe(404);
    expect(answered.json()).toMatchObject({ code: 'not_found' });
    expect((await call('DELETE', `/review/cards/${card.id}`, me)).statusCode).toBe(404);
    expect((await due(me)).cards.map((c) => c.id)).not.toContain(card.id);
    // Synced answers for a card that is not yours change nothing and are not logged.
    const synced = await call('POST', '/review/sync', me, {
      answers: [{ card_id: card.id, rating: 1, answered_at: new Date().toISOString(), client_id: 'x-1' }],
    });
    expect(reviewSyncResponseSchema.parse(synced.json()).cards).toEqual([]);
    expect(await t.app.database.db.select().from(reviewLog).where(eq(reviewLog.cardId, card.id))).toEqual([]);
  });

  it('adds a card by hand with pinyin and meaning from the word list; the same word again is the same card', async () => {
    const res = await call('POST', '/review/cards', me, { kind: 'word', hanzi: '朋友' });
    expect(res.statusCode).toBe(201);
    const card = reviewCardResponseSchema.parse(res.json()).card;
    expect(card).toMatchObject({
      kind: 'word',
      source: 'manual',
      pinyin: 'péngyou',
      meaning: { en: 'friend', ru: 'друг' },
      state: 'new',
      reps: 0,
      last_review: null,
    });
    expect(card.ref?.word_id).toBeGreaterThan(0);
    const again = await call('POST', '/review/cards', me, { kind: 'word', hanzi: '朋友', pinyin: 'x' });
    expect(again.statusCode).toBe(200);
    expect(reviewCardResponseSchema.parse(again.json()).card.id).toBe(card.id);
  });

  it('refuses bad input with the catalogue code', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', '/review/cards', { kind: 'word', hanzi: 'hello' }],
      ['POST', '/review/cards', { kind: 'sentence', hanzi: '你好' }],
      ['POST', '/review/cards', { kind: 'word', hanzi: '你'.repeat(40) }],
      [
        'POST',
        '/review/sync',
        { answers: [{ card_id: 'nope', rating: 3, answered_at: 'x', client_id: 'a' }] },
      ],
      ['POST', '/review/00000000-0000-4000-8000-000000000000/answer', { rating: 5 }],
      ['POST', '/review/not-a-uuid/answer', { rating: 3 }],
      ['GET', '/review/due?limit=0', undefined],
      ['GET', '/review/due?limit=101', undefined],
      ['GET', '/review/due?limit=ten', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(method === 'GET' ? 'GET' : 'POST', url, me, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 'validation_failed' });
    }
    const missing = await call('POST', '/review/00000000-0000-4000-8000-000000000000/answer', me, {
      rating: 3,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('schedules with FSRS: Again comes back in minutes, Good later, and a day on both are due', async () => {
    const a = await add(me, '学习');
    const g = await add(me, '工作');
    const start = Date.now();
    const afterAgain = await answer(me, a, { rating: 1 });
    const afterGood = await answer(me, g, { rating: 3 });
    expect(afterAgain.state).toBe('learning');
    expect(Date.parse(afterAgain.due) - start).toBeLessThan(5 * MINUTE);
    expect(Date.parse(afterGood.due)).toBeGreaterThan(Date.parse(afterAgain.due));
    expect(afterGood.reps).toBe(1);
    // Answered cards are not due right now …
    const ids = (await due(me)).cards.map((c) => c.id);
    expect(ids).not.toContain(g.id);
    // … a day later (the server's clock moved, as the e2e does) both are.
    await moveClock(DAY / 1000);
    try {
      const later = await due(me);
      expect(later.cards.map((c) => c.id)).toEqual(expect.arrayContaining([a.id, g.id]));
      const easy = await answer(me, g, { rating: 4 });
      expect(Date.parse(easy.due) - (Date.now() + DAY)).toBeGreaterThan(2 * DAY);
      expect(easy.state).toBe('review');
    } finally {
      await moveClock(0);
    }
  });

  it('limits the due list and counts beyond it', async () => {
    await Promise.all(['一', '二', '三'].map((h) => add(me, h, 'char')));
    const page = await due(me, '?limit=1');
    expect(page.cards).toHaveLength(1);
    expect(page.due_count).toBeGreaterThan(1);
    expect((await due(me, '?limit=100')).cards).toHaveLength(page.due_count);
  });

  it('brings at most REVIEW_NEW_PER_DAY new cards a day', async () => {
    const fresh = await signUp(t.app);
    const words = [...'一二三四五六七八九十百千万上下左右前后中外大小多少'];
    const cards: ReviewCard[] = [];
    for (const w of words) cards.push(await add(fresh, w, 'char'));
    expect((await due(fresh, '?limit=100')).due_count).toBe(REVIEW_NEW_PER_DAY);
    for (const card of cards.slice(0, 5)) await answer(fresh, card, { rating: 3 });
    const today = await due(fresh, '?limit=100');
    expect(today.due_count).toBe(REVIEW_NEW_PER_DAY - 5);
    expect(today.cards.every((c) => c.state === 'new')).toBe(true);
    await moveClock(DAY / 1000);
    try {
      const tomorrow = await due(fresh, '?limit=100');
      expect(tomorrow.due_count).toBe(5 + REVIEW_NEW_PER_DAY);
      // Cards already started come before new ones.
      expect(tomorrow.cards.slice(0, 5).every((c) => c.state !== 'new')).toBe(true);
    } finally {
      await moveClock(0);
    }
  });

  it('sync: two devices answering offline — the later answer wins in any order, no answer is lost, a repeat is ignored', async () => {
    const t1 = new Date(Date.now() - 20 * MINUTE).toISOString();
    const t2 = new Date(Date.now() - 10 * MINUTE).toISOString();
    const finals: ReviewCard[] = [];
    for (const [hanzi, order] of [
      ['苹果', 'later first'],
      ['香蕉', 'earlier first'],
    ] as const) {
      const card = await ageCard(await add(me, hanzi));
      const phone = { card_id: card.id, rating: 3, answered_at: t1, client_id: `phone-${hanzi}` };
      const laptop = { card_id: card.id, rating: 1, answered_at: t2, client_id: `laptop-${hanzi}` };
      const batches = order === 'later first' ? [[laptop], [phone]] : [[phone], [laptop]];
      let last: ReviewCard | undefined;
      for (const answers of batches) {
        const res = await call('POST', '/review/sync', me, { answers });
        expect(res.statusCode, res.body).toBe(200);
        last = reviewSyncResponseSchema.parse(res.json()).cards[0];
      }
      if (!last) throw new Error('no card back');
      expect(last.last_review).toBe(t2);
      expect(last.state).toBe('learning');
      expect(Date.parse(last.due) - Date.parse(t2)).toBeLessThan(5 * MINUTE);
      const logged = await t.app.database.db.select().from(reviewLog).where(eq(reviewLog.cardId, card.id));
      expect(logged).toHaveLength(2);
      expect(logged.find((l) => l.clientId === phone.client_id)?.applied).toBe(order === 'earlier first');
      // The same queue sent again (a retry after a lost answer): nothing changes.
      const retry = await call('POST', '/review/sync', me, { answers: [laptop, phone] });
      expect(reviewSyncResponseSchema.parse(retry.json()).cards[0]).toEqual(last);
      expect(
        await t.app.database.db.select().from(reviewLog).where(eq(reviewLog.cardId, card.id)),
      ).toHaveLength(2);
      finals.push(last);
    }
    // Both orders end on the answer given last.
    expect(finals[0]?.due).toBe(finals[1]?.due);
    // One batch in the wrong order is applied in answered_at order.
    const card = await ageCard(await add(me, '西瓜'));
    const res = await call('POST', '/review/sync', me, {
      answers: [
        { card_id: card.id, rating: 1, answered_at: t2, client_id: 'b-2' },
        { card_id: card.id, rating: 3, answered_at: t1, client_id: 'b-1' },
      ],
    });
    expect(reviewSyncResponseSchema.parse(res.json()).cards[0]).toMatchObject({ last_review: t2, reps: 2 });
    // A single answer repeated with its client_id counts once.
    const once = await answer(me, card, { rating: 3, client_id: 'single-1' });
    expect(await answer(me, card, { rating: 1, client_id: 'single-1' })).toEqual(once);
  });

  it('dates answers by the server: never before the card existed, never older than the offline window', async () => {
    const fresh = await signUp(t.app);
    const card = await add(fresh, '葡萄');
    // 90 answers dated back over 30 days, on a card made a moment ago.
    const answers = Array.from({ length: 90 }, (_, i) => ({
      card_id: card.id,
      rating: 3,
      answered_at: new Date(Date.now() - (i / 3) * DAY).toISOString(),
      client_id: `forged-${i}`,
    }));
    const res = await call('POST', '/review/sync', fresh, { answers });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.database.db.select().from(reviewCards).where(eq(reviewCards.id, card.id));
    const logged = await t.app.database.db.select().from(reviewLog).where(eq(reviewLog.cardId, card.id));
    expect(logged).toHaveLength(90);
    for (const l of logged)
      expect(l.answeredAt.getTime()).toBeGreaterThanOrEqual(row?.createdAt.getTime() ?? Infinity);
    // So the practice falls on one day, today: no streak of 30 days.
    const today = await call('GET', '/today', fresh);
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json<{ streak: { days: number } }>().streak.days).toBeLessThanOrEqual(1);
    // An old card's offline answer keeps its own time within the window, and no further back.
    const old = await add(fresh, '橘子');
    await t.app.database.db
      .update(reviewCards)
      .set({ createdAt: new Date(Date.now() - 60 * DAY) })
      .where(eq(reviewCards.id, old.id));
    const within = new Date(Date.now() - 2 * DAY).toISOString();
    await call('POST', '/review/sync', fresh, {
      answers: [
        { card_id: old.id, rating: 3, answered_at: within, client_id: 'old-1' },
        {
          card_id: old.id,
          rating: 3,
          answered_at: new Date(Date.now() - 40 * DAY).toISOString(),
          client_id: 'old-2',
        },
      ],
    });
    const oldLog = await t.app.database.db.select().from(reviewLog).where(eq(reviewLog.cardId, old.id));
    expect(oldLog.find((l) => l.clientId === 'old-1')?.answeredAt.toISOString()).toBe(within);
    const clamped = oldLog.find((l) => l.clientId === 'old-2')?.answeredAt.getTime() ?? 0;
    expect(Date.now() - clamped).toBeLessThanOrEqual(REVIEW_OFFLINE_WINDOW_MS + MINUTE);
  });

  it('counts the same answer sent again without a client id once', async () => {
    const card = await add(me, '樱桃');
    for (let i = 0; i < 20; i++) await answer(me, card, { rating: 3 });
    const logged = await t.app.database.db.select().from(reviewLog).where(eq(reviewLog.cardId, card.id));
    expect(logged).toHaveLength(1);
    // With the client's own key, the key decides.
    for (const key of ['key-aaaaaaaa', 'key-aaaaaaaa', 'key-bbbbbbbb']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/review/${card.id}/answer`,
        headers: { ...me.auth, 'content-type': 'application/json', 'idempotency-key': key },
        remoteAddress: clientAddress(),
        payload: JSON.stringify({ rating: 2 }),
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      await t.app.database.db.select().from(reviewLog).where(eq(reviewLog.cardId, card.id)),
    ).toHaveLength(3);
  });

  it('turns a saved speaking test into cards: missed and wrong characters, capped per result', async () => {
    const res = await call('POST', '/user-test-questions', me, {
      test_id: 9001,
      level_id: 1,
      part_id: 1,
      is_full_test: false,
      completed_time: 60,
      answers: [
        { question_id: 90011, question_number: 1, user_answers: '我喜欢水。' },
        { question_id: 90012, question_number: 2, user_answers: '今天' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const resultId = res.json<{ data: { id: number } }>().data.id;
    const rows = await t.app.database.db.select().from(reviewCards).where(eq(reviewCards.source, 'speaking'));
    const mine = rows.filter((r) => r.userId === me.user.id);
    expect(mine.length).toBe(REVIEW_CARDS_PER_RESULT_MAX);
    const tea = mine.find((r) => r.hanzi === '茶');
    expect(tea).toMatchObject({ kind: 'char', pinyin: 'chá', tone: 2, context: '我喜欢喝茶。' });
    expect(tea?.meaning).toMatchObject({ en: 'tea' });
    expect(tea?.ref).toMatchObject({ question_id: 90011, result_id: resultId });
    expect(mine.map((r) => r.hanzi)).toContain('喝');
    // Right characters are no mistakes.
    expect(mine.map((r) => r.hanzi)).not.toContain('喜');
    if (!tea) throw new Error('no card for 茶');
    expect(toReviewCard(tea).modes).toEqual(['repeat', 'tone', 'write', 'meaning']);
  });

  it('turns a wrong HSK item into a card, and not a right or unanswered one', async () => {
    const res = await call('POST', '/hsk/sets/hsk3-writing-1/attempts', other, {
      answers: { 'hsk3-writing-1-01': '西瓜请把放进冰箱里。', 'hsk3-writing-1-02': '这个城市的环境非常好。' },
      language: 'en',
      mode: 'practice',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.app.database.db
      .select()
      .from(reviewCards)
      .where(eq(reviewCards.userId, other.user.id));
    const hsk = rows.filter((r) => r.source === 'hsk');
    expect(hsk.map((r) => r.hanzi)).toEqual(['请把西瓜放进冰箱里。']);
    expect(hsk[0]).toMatchObject({
      kind: 'hsk',
      ref: { hsk_question_id: 'hsk3-writing-1/hsk3-writing-1-01' },
    });
  });

  it('turns tones heard wrong, suggested words, dictation slips and wrong idioms into cards', async () => {
    const db = t.app.database.db;
    const made = await cardsFromFeedback(
      db,
      other.user.id,
      90011,
      {
        question_type: 'repeat',
        level: 'basic',
        reference_text: '我喜欢喝茶。',
        answer_text: '我喜欢喝茶。',
        voice: {
          fluency: { speech_ms: 2000, pause_count: 0, longest_pause_ms: 0, syllables_per_minute: 150 },
          syllables: [
            {
              char: '喝',
              pinyin: 'hē',
              expected_tone: 1,
              heard_tone: 4,
              confidence: 0.9,
              start_ms: 0,
              end_ms: 200,
            },
            {
              char: '茶',
              pinyin: 'chá',
              expected_tone: 2,
              heard_tone: 2,
              confidence: 0.9,
              start_ms: 200,
              end_ms: 400,
            },
          ],
        },
      },
      ['fluency'],
    );
    expect(made).toBe(1);
    // An open answer whose vocabulary cost points: the words the examiner suggests from the model answer.
    const open = await cardsFromFeedback(
      db,
      other.user.id,
      90011,
      {
        question_type: 'open',
        level: 'basic',
        question_text: '你喜欢喝什么？',
        model_answers: ['我喜欢和朋友一起喝茶。'],
        answer_text: '我喜欢喝茶。',
      },
      ['vocabulary'],
    );
    expect(open).toBeGreaterThanOrEqual(1);
    const dictated = await cardsFromDictation(db, other.user.id, {
      words: [
        {
          word: '朋友',
          chars: [
            { status: 'right', char: '朋' },
            { status: 'wrong', char: '友', written: '有' },
          ],
          extra: [],
          written: '朋有',
          status: 'partial',
        },
      ],
      extra: '',
      counts: { right: 1, wrong: 1, missing: 0, extra: 0 },
      score: 50,
    });
    expect(dictated).toBe(1);
    expect(await cardFromIdiomAnswer(db, other.user.id, 1, '画蛇添足')).toBe(1);
    const rows = await db.select().from(reviewCards).where(eq(reviewCards.userId, other.user.id));
    expect(rows.find((r) => r.kind === 'tone')).toMatchObject({ hanzi: '喝', tone: 1, source: 'voice' });
    expect(rows.find((r) => r.kind === 'word' && r.source === 'examiner')).toMatchObject({
      hanzi: '一起',
      meaning: { en: 'together' },
    });
    expect(rows.find((r) => r.kind === 'dictation')).toMatchObject({
      hanzi: '友',
      pinyin: 'yǒu',
      context: '朋友',
    });
    expect(rows.find((r) => r.kind === 'idiom')).toMatchObject({ hanzi: '画蛇添足', ref: { idiom_id: 1 } });
  });

  it('counts the figures and deletes a card', async () => {
    const res = await call('GET', '/review/stats', me);
    const stats = reviewStatsResponseSchema.parse(res.json());
    expect(stats.total).toBeGreaterThan(10);
    expect(stats.reviewed_today).toBeGreaterThan(0);
    expect(stats.new + stats.learning + stats.review).toBe(stats.total);
    expect(stats.answers_by_day.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    const card = await add(me, '再见');
    expect((await call('DELETE', `/review/cards/${card.id}`, me)).statusCode).toBe(200);
    expect((await call('DELETE', `/review/cards/${card.id}`, me)).statusCode).toBe(404);
    const after = reviewStatsResponseSchema.parse((await call('GET', '/review/stats', me)).json());
    expect(after.total).toBe(stats.total);
  });
});
