import { performance } from 'node:perf_hooks';
import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { hskSets, hskkQuestions, idioms, vocabWords } from '../../db/schema.js';
import { parseSet, spokenTexts } from '../../hsk/content.js';
import { ttsServiceFor } from './service.js';
import type { TtsService } from './service.js';

export type PregenerationKind = 'question' | 'listening' | 'word' | 'idiom';

export interface PregenerationText {
  kind: PregenerationKind;
  text: string;
}

export interface PregenerationSummary {
  /** Texts looked at (repeats across kinds are skipped before counting). */
  total: number;
  /** Synthesised now. */
  made: number;
  /** Already in the cache. */
  cached: number;
  /** Nothing to say after normalisation. */
  empty: number;
  failed: number;
  /** Stopped before the end (shutdown, or the engine kept failing). */
  stopped: boolean;
  ms: number;
}

const BATCH = 500;
const PROGRESS_EVERY = 250;
// An engine that fails this many texts in a row is down (no key, no network): stop instead of
// logging a failure for each of thousands of texts.
const MAX_FAILURES_IN_A_ROW = 20;
// After each synthesis the job rests as long as it worked (capped), so on a small machine it takes
// about half the CPU the engine and the MP3 encoder could use, and requests keep theirs.
const DEFAULT_REST_RATIO = 1;
const MAX_REST_MS = 2000;

type Page = (offset: number, limit: number) => Promise<string[]>;

/** The texts of every kind, in order: HSKK question audio, HSK listening scripts, HSK words (simplified), curated idioms. */
function sources(db: Db): [PregenerationKind, Page][] {
  return [
    [
      'question',
      async (offset, limit) =>
        (
          await db
            .select({ text: hskkQuestions.audioText })
            .from(hskkQuestions)
            .orderBy(asc(hskkQuestions.testId), asc(hskkQuestions.part), asc(hskkQuestions.number))
            .limit(limit)
            .offset(offset)
        ).map((r) => r.text),
    ],
    [
      'listening',
      async (offset, limit) =>
        (
          await db
            .select()
            .from(hskSets)
            .where(eq(hskSets.section, 'listening'))
            .orderBy(asc(hskSets.level), asc(hskSets.id))
            .limit(limit)
            .offset(offset)
        ).flatMap((row) => spokenTexts(parseSet(row).items)),
    ],
    [
      'word',
      async (offset, limit) =>
        (
          await db
            .select({ text: vocabWords.simplified })
            .from(vocabWords)
            .orderBy(
              asc(vocabWords.syllabus),
              asc(vocabWords.level),
              asc(vocabWords.position),
              asc(vocabWords.id),
            )
            .limit(limit)
            .offset(offset)
        ).map((r) => r.text),
    ],
    [
      'idiom',
      async (offset, limit) =>
        (
          await db
            .select({ text: idioms.chengyu })
            .from(idioms)
            .where(eq(idioms.curated, true))
            .orderBy(asc(idioms.id))
            .limit(limit)
            .offset(offset)
        ).map((r) => r.text),
    ],
  ];
}

/**
 * Every text whose audio the product plays, in the order learners meet them, each once. `perKind`
 * caps each kind (a smoke run or a test on a few rows).
 */
export async function* pregenerationTexts(
  db: Db,
  opts: { perKind?: number } = {},
): AsyncGenerator<PregenerationText> {
  const seen = new Set<string>();
  for (const [kind, page] of sources(db)) {
    const cap = opts.perKind ?? Number.POSITIVE_INFINITY;
    let taken = 0;
    for (let offset = 0; taken < cap; offset += BATCH) {
      const texts = await page(offset, BATCH);
      for (const text of texts) {
        if (taken >= cap) break;
        taken += 1;
        if (seen.has(text)) continue;
        seen.add(text);
        yield { kind, text };
      }
      if (texts.length < BATCH) break;
    }
  }
}

export interface PregenerateOptions {
  signal?: AbortSignal;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Rest after a synthesis, as a share of the time it took (default 1; 0 only yields a turn). */
  restRatio?: number;
}

/**
 * Synthesises each text into the cache, one at a time, resting between items so requests keep their
 * latency; cached texts cost one lookup. Logs progress; stops when aborted.
 */
export async function pregenerateAudio(
  texts: AsyncIterable<PregenerationText>,
  tts: Pick<TtsService, 'synthesizeToCache'>,
  opts: PregenerateOptions,
): Promise<PregenerationSummary> {
  const started = performance.now();
  const sum: PregenerationSummary = {
    total: 0,
    made: 0,
    cached: 0,
    empty: 0,
    failed: 0,
    stopped: false,
    ms: 0,
  };
  let failuresInARow = 0;
  let kind: PregenerationKind | null = null;
  const progress = (message: string) =>
    opts.log.info({ kind, ...sum, ms: Math.round(performance.now() - started) }, message);
  opts.log.info('audio pre-generation started');
  try {
    for await (const item of texts) {
      if (opts.signal?.aborted) {
        sum.stopped = true;
        break;
      }
      if (item.kind !== kind) {
        if (kind !== null) progress(`audio pre-generation: ${kind} texts done`);
        kind = item.kind;
      }
      sum.total += 1;
      const itemStart = performance.now();
      let rest = 0;
      try {
        const result = await tts.synthesizeToCache(item.text, { content: true });
        if (!result) sum.empty += 1;
        else if (result.cacheHit) sum.cached += 1;
        else {
          sum.made += 1;
          rest = Math.min(
            MAX_REST_MS,
            (performance.now() - itemStart) * (opts.restRatio ?? DEFAULT_REST_RATIO),
          );
        }
        failuresInARow = 0;
      } catch (err) {
        sum.failed += 1;
        failuresInARow += 1;
        if (sum.failed <= 3)
          opts.log.warn(
            { err, kind: item.kind, text: item.text.slice(0, 40) },
            'audio pre-generation failed for a text',
          );
        if (failuresInARow >= MAX_FAILURES_IN_A_ROW) {
          opts.log.warn(
            { failures: failuresInARow },
            'audio pre-generation stopped: the speech engine keeps failing',
          );
          sum.stopped = true;
          break;
        }
      }
      if (sum.total % PROGRESS_EVERY === 0) progress('audio pre-generation progress');
      if (rest >= 1) await delay(rest, undefined, { signal: opts.signal }).catch(() => undefined);
      else await nextTurn();
    }
  } catch (err) {
    // The database closing under a shutdown ends the listing; anything else is worth a warning.
    if (!opts.signal?.aborted)
      opts.log.warn({ err }, 'audio pre-generation stopped: listing the texts failed');
    sum.stopped = true;
  }
  sum.ms = Math.round(performance.now() - started);
  progress(sum.stopped ? 'audio pre-generation stopped' : 'audio pre-generation finished');
  return sum;
}

export interface AudioPregeneration {
  /** Starts the background job (once); it never rejects. */
  start(): Promise<PregenerationSummary>;
  /** Asks the job to stop after the text in hand and waits for it. */
  stop(): Promise<void>;
}

/**
 * The background job of AUDIO_PREGENERATE over the app's database and speech service. Create it
 * before the app listens (it hooks the app's close to stop), start it after.
 */
export function createAudioPregeneration(
  app: FastifyInstance,
  opts: { perKind?: number } = {},
): AudioPregeneration {
  const controller = new AbortController();
  let running: Promise<PregenerationSummary> | null = null;
  const stop = async () => {
    controller.abort();
    await running;
  };
  app.addHook('preClose', stop);
  return {
    start() {
      running ??= pregenerateAudio(pregenerationTexts(app.database.db, opts), ttsServiceFor(app.config), {
        signal: controller.signal,
        log: app.log,
      });
      return running;
    },
    stop,
  };
}
