import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language, Question, Viewer } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { hskkParts, hskkQuestions } from '../db/schema.js';
import type { TtsService } from '../speech/tts/service.js';

export type QuestionRow = typeof hskkQuestions.$inferSelect;

// Cold syntheses of one part run a few at a time: the engine works off the main thread, and a
// part of 15 sentences should not wait for them one by one.
const SYNTHESIS_CONCURRENCY = 3;

interface QuestionAudio {
  audio_url: string | null;
  audio_urls: string[];
}

/** The cached MP3 (and HLS playlist) of a question's audio text, synthesised now when not cached yet. */
export async function questionAudio(
  tts: TtsService,
  text: string,
  log: FastifyBaseLogger,
): Promise<QuestionAudio> {
  try {
    const result = await tts.synthesizeToCache(text, { content: true });
    if (result) return { audio_url: result.mp3Url, audio_urls: [result.mp3Url, result.m3u8Url] };
  } catch (err) {
    // Without cached audio the client still has audio_text for the synthesis socket.
    log.warn({ err, text: text.slice(0, 40) }, 'question audio synthesis failed');
  }
  return { audio_url: null, audio_urls: [] };
}

/** Runs `fn` over `items` with at most `limit` calls at once, keeping the order of results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const item = items[i];
      if (item !== undefined) out[i] = await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A question as the client receives it; the reference is for official members only. */
export function toQuestion(row: QuestionRow, audio: QuestionAudio, viewer: Viewer): Question {
  return {
    id: row.id,
    level_id: row.levelId,
    part_id: row.part,
    part_number: row.part,
    number: row.number,
    question_type: row.questionType,
    asr_model: row.asrModel,
    time_limit: row.timeLimit,
    audio_play_limit: row.audioPlayLimit,
    question_text: row.questionText,
    question_pinyin: row.questionPinyin,
    question_texts: row.questionText ? [row.questionText] : [],
    image_urls: row.imageUrls,
    image_texts: row.imageTexts,
    image_audio_urls: [],
    audio_text: row.audioText,
    ...audio,
    answer_options: row.answerOptions,
    picture_options: row.pictureOptions,
    reference_text: viewer.official ? row.referenceText : null,
  };
}

/** The questions of one part in number order, with their audio, and the part's instructions in `lang`. */
export async function partQuestions(
  db: Db,
  tts: TtsService,
  log: FastifyBaseLogger,
  opts: { testId: number; part: number; lang: Language; viewer: Viewer },
): Promise<{ instructions: string; questions: Question[] }> {
  const rows = await db
    .select()
    .from(hskkQuestions)
    .where(and(eq(hskkQuestions.testId, opts.testId), eq(hskkQuestions.part, opts.part)))
    .orderBy(asc(hskkQuestions.number));
  const [part] = await db
    .select()
    .from(hskkParts)
    .where(and(eq(hskkParts.testId, opts.testId), eq(hskkParts.part, opts.part)));
  const audio = await mapLimit(rows, SYNTHESIS_CONCURRENCY, (r) => questionAudio(tts, r.audioText, log));
  return {
    instructions: part?.instructions[opts.lang] ?? '',
    questions: rows.map((r, i) =>
      toQuestion(r, audio[i] ?? { audio_url: null, audio_urls: [] }, opts.viewer),
    ),
  };
}

/** One question by id, or undefined. */
export async function findQuestion(db: Db, id: number): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(hskkQuestions).where(eq(hskkQuestions.id, id));
  return row;
}
