import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testResults, users } from '../../db/schema.js';
import { signUp } from '../../test/accounts.js';
import { createTestApp, testDriver } from '../../test/app.js';
import type { TestApp } from '../../test/app.js';
import { hasEspeakBinary } from '../tts/espeak-engine.js';
import {
  ANSWER_AUDIO_KEEP_MS,
  answerAudioBytes,
  answerAudioStore,
  evictOverBudget,
  keepAnswerAudio,
  loadAnswerAudio,
  sweepAnswerAudio,
} from './answer-audio.js';
import { voiceOfAnswer } from './answer-voice.js';
import { makeItem } from './labelled-set.js';

describe(`kept answer recordings on ${testDriver}`, () => {
  let t: TestApp;
  let alice = 0;
  let bob = 0;
  const pcm = Int16Array.from({ length: 16_000 }, (_, i) => Math.round(6000 * Math.sin(i / 9)));

  beforeAll(async () => {
    t = await createTestApp();
    const userId = async () => {
      const { email } = await signUp(t.app);
      const [row] = await t.app.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      return row?.id ?? 0;
    };
    alice = await userId();
    bob = await userId();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** A saved result of alice's whose one answer names the recording `audioId`. */
  const saveResultNaming = async (audioId: string | null) => {
    await t.app.database.db.insert(testResults).values({
      userId: alice,
      testId: 1,
      levelId: 1,
      partId: 1,
      isFullTest: false,
      score: 80,
      answers: [
        {
          question_id: 1,
          question_number: 1,
          user_answers: '你好',
          orig_answers: '你好',
          score: 80,
          ai_feedback_id: null,
          audio_id: audioId ?? '',
        },
      ],
    });
  };

  it('gives the recording back to its owner only', async () => {
    const { db } = t.app.database;
    const store = answerAudioStore(t.app.config);
    const id = await keepAnswerAudio(db, store, alice, pcm);
    expect(id).toMatch(/^[\w-]{20,}$/);
    const back = await loadAnswerAudio(db, store, alice, id ?? '');
    expect(back?.length).toBe(pcm.length);
    expect(back?.[100]).toBe(pcm[100]);
    expect(await loadAnswerAudio(db, store, bob, id ?? '')).toBeNull();
    expect(await loadAnswerAudio(db, store, alice, 'no-such-recording')).toBeNull();
    expect(await keepAnswerAudio(db, store, alice, new Int16Array(0))).toBeNull();
  });

  it("keeps a guest's recording for the guest's own feedback only, and sweeps it after a day", async () => {
    const { db } = t.app.database;
    const store = answerAudioStore(t.app.config);
    const guest = await keepAnswerAudio(db, store, null, pcm);
    expect(guest).toMatch(/^[\w-]{20,}$/);
    expect((await loadAnswerAudio(db, store, null, guest ?? ''))?.length).toBe(pcm.length);
    // No signed-in user reaches a guest's recording, and no guest reaches a user's.
    expect(await loadAnswerAudio(db, store, alice, guest ?? '')).toBeNull();
    const alices = await keepAnswerAudio(db, store, alice, pcm);
    expect(await loadAnswerAudio(db, store, null, alices ?? '')).toBeNull();
    await sweepAnswerAudio(db, store, new Date(Date.now() + ANSWER_AUDIO_KEEP_MS + 60_000));
    expect(await loadAnswerAudio(db, store, null, guest ?? '')).toBeNull();
  });

  it('sweeps old recordings unless a saved result names them', async () => {
    const { db } = t.app.database;
    const store = answerAudioStore(t.app.config);
    const named = await keepAnswerAudio(db, store, alice, pcm);
    const loose = await keepAnswerAudio(db, store, alice, pcm);
    await saveResultNaming(named);
    // Not yet old: both stay.
    expect((await sweepAnswerAudio(db, store)).removed).toBe(0);
    const later = new Date(Date.now() + ANSWER_AUDIO_KEEP_MS + 60_000);
    const swept = await sweepAnswerAudio(db, store, later);
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect(await loadAnswerAudio(db, store, alice, loose ?? '')).toBeNull();
    expect(await loadAnswerAudio(db, store, alice, named ?? '')).not.toBeNull();
  });

  it('keeps the store within its byte budget: the oldest unsaved recordings go first, saved ones stay', async () => {
    const { db } = t.app.database;
    const store = answerAudioStore(t.app.config);
    const oneBytes = 44 + 1000 * 32;
    const saved = await keepAnswerAudio(db, store, alice, pcm);
    const old = await keepAnswerAudio(db, store, alice, pcm);
    const newest = await keepAnswerAudio(db, store, alice, pcm);
    await saveResultNaming(saved);
    const before = await answerAudioBytes(db);
    expect(before).toBeGreaterThanOrEqual(3 * oneBytes);
    // Room for all but half a recording: one must go, the oldest unsaved, never the saved one.
    const budget = before - Math.round(0.5 * oneBytes);
    const { removed, over } = await evictOverBudget(db, store, budget);
    expect(removed).toBe(1);
    expect(await loadAnswerAudio(db, store, alice, old ?? '')).toBeNull();
    expect(over).toBeLessThanOrEqual(0);
    expect(await answerAudioBytes(db)).toBeLessThanOrEqual(budget);
    expect(await loadAnswerAudio(db, store, alice, saved ?? '')).not.toBeNull();
    expect(await loadAnswerAudio(db, store, alice, newest ?? '')).not.toBeNull();
    // A budget the saved recordings alone fill: every unsaved one goes, and a new one is not kept.
    expect(await keepAnswerAudio(db, store, bob, pcm, oneBytes)).toBeNull();
    expect(await loadAnswerAudio(db, store, alice, old ?? '')).toBeNull();
    expect(await loadAnswerAudio(db, store, alice, newest ?? '')).toBeNull();
    expect(await loadAnswerAudio(db, store, alice, saved ?? '')).not.toBeNull();
    // With room, a new one is kept and the older unsaved ones make way first.
    const roomy = (await answerAudioBytes(db)) + oneBytes;
    const kept = await keepAnswerAudio(db, store, bob, pcm, roomy);
    expect(await loadAnswerAudio(db, store, bob, kept ?? '')).not.toBeNull();
  });

  it.runIf(hasEspeakBinary())(
    'hears the tones of a repeat answer against its reference for the feedback',
    async () => {
      const { db } = t.app.database;
      const text = '我每天早上七点起床。';
      const item = await makeItem(text, 2);
      const id = await keepAnswerAudio(db, answerAudioStore(t.app.config), alice, item.pcm);
      const input = {
        question_type: 'repeat' as const,
        level: 'basic' as const,
        reference_text: text,
        answer_text: '',
      };
      const deps = { db, config: t.app.config, log: t.app.log };
      const voice = await voiceOfAnswer(deps, alice, id ?? undefined, input);
      expect(voice?.syllables?.map((s) => s.char).join('')).toBe('我每天早上七点起床');
      expect(voice?.fluency.speech_ms).toBeGreaterThan(1000);
      // Someone else's id is not heard; no id, nothing.
      expect(await voiceOfAnswer(deps, bob, id ?? undefined, input)).toBeUndefined();
      expect(await voiceOfAnswer(deps, alice, undefined, input)).toBeUndefined();
      // A guest's feedback hears the guest's recording, never a user's.
      expect(await voiceOfAnswer(deps, undefined, id ?? undefined, input)).toBeUndefined();
      const guestId = await keepAnswerAudio(db, answerAudioStore(t.app.config), null, item.pcm);
      expect((await voiceOfAnswer(deps, undefined, guestId ?? undefined, input))?.syllables).toHaveLength(9);
      // Without a text to compare with, fluency only.
      const free = await voiceOfAnswer(deps, alice, id ?? undefined, {
        ...input,
        question_type: 'open',
        answer_text: '',
      });
      expect(free?.syllables).toBeUndefined();
      expect(free?.fluency.pause_count).toBe(0);
    },
  );
});
