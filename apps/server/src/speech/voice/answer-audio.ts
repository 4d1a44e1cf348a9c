/**
 * The recordings of answers, kept so the feedback can listen to them (`audio_id`): 16 kHz WAV in the
 * upload store (disk or S3, `answers/`), a row saying whose each is. Only its owner's feedback loads it;
 * nothing serves it to anyone else. A sweep deletes recordings older than a day that no saved result names.
 * A guest's try-part recording is kept too (no owner): the guest's own feedback names it by its id, 144
 * random bits only that guest was given; no signed-in user can load it, and since a guest saves no
 * result, the sweep always deletes it after a day. The store has a byte budget: past it, the oldest
 * recordings no saved result names are deleted first.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { VOICE_ASSESS_MAX_S } from '@kouyu/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { answerRecordings, testResults } from '../../db/schema.js';
import { decodeWav } from '../audio/wav.js';
import { encodeWav } from '../asr/wav.js';
import { createStore } from '../audio/store.js';
import type { AudioStore } from '../audio/store.js';
import { VOICE_SAMPLE_RATE } from './features.js';

/** A recording no saved result names is deleted this long after it was made (a test takes under two hours). */
export const ANSWER_AUDIO_KEEP_MS = 24 * 60 * 60 * 1000;
/** How often a running server sweeps. */
export const ANSWER_AUDIO_SWEEP_EVERY_MS = 30 * 60 * 1000;
const BATCH = 200;

/** The configured store: the S3 bucket under `uploads/answers/` when S3_* is set, else `<dataDir>/uploads/answers`. */
export function createAnswerAudioStore(config: Config): AudioStore {
  return createStore(config, 'uploads/answers');
}

const keyOf = (id: string) => `${id}.wav`;

/**
 * Keeps a user's (or, with `userId` null, a guest's) 16 kHz recording and returns its id, or null when
 * there is nothing worth keeping (empty, or longer than the analysis takes).
 */
export async function keepAnswerAudio(
  db: Db,
  store: AudioStore,
  userId: number | null,
  pcm: Int16Array,
  budgetBytes = Number.POSITIVE_INFINITY,
): Promise<string | null> {
  if (pcm.length === 0 || pcm.length > VOICE_ASSESS_MAX_S * VOICE_SAMPLE_RATE) return null;
  const id = randomBytes(18).toString('base64url');
  await store.write(keyOf(id), encodeWav(pcm, VOICE_SAMPLE_RATE), 'audio/wav');
  await db
    .insert(answerRecordings)
    .values({ id, userId, durationMs: Math.round((pcm.length / VOICE_SAMPLE_RATE) * 1000) });
  if (!Number.isFinite(budgetBytes)) return id;
  // Older unsaved recordings make room first; when saved ones alone fill the budget, this one goes.
  const { over } = await evictOverBudget(db, store, budgetBytes, id);
  if (over <= 0) return id;
  await store.remove(keyOf(id));
  await db.delete(answerRecordings).where(eq(answerRecordings.id, id));
  return null;
}

// A kept recording is a 44-byte WAV header and 16-bit samples at 16 kHz: 32 bytes a millisecond.
const bytesOf = sql<string>`coalesce(sum(44 + ${answerRecordings.durationMs}::bigint * 32), 0)`;

/** Bytes the kept answer recordings take (computed from their lengths, so it needs no store listing). */
export async function answerAudioBytes(db: Db): Promise<number> {
  const [row] = await db.select({ bytes: bytesOf }).from(answerRecordings);
  return Number(row?.bytes ?? 0);
}

/** Of `ids`, those a saved result names (those are the learner's data and are never evicted). */
async function namedIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const named = await db
    .select({ id: sql<string>`a->>'audio_id'` })
    .from(sql`${testResults}, jsonb_array_elements(${testResults.answers}) a`)
    .where(
      sql`a->>'audio_id' in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return new Set(named.map((n) => n.id));
}

/**
 * Deletes the oldest recordings no saved result names (nor `spare`) until the store is within
 * `budgetBytes`; returns how many went and the bytes still over. Saved answers' recordings stay.
 */
export async function evictOverBudget(
  db: Db,
  store: AudioStore,
  budgetBytes: number,
  spare: string | null = null,
): Promise<{ removed: number; over: number }> {
  let over = (await answerAudioBytes(db)) - budgetBytes;
  let removed = 0;
  let after: Date | null = null;
  while (over > 0) {
    const oldest = await db
      .select({
        id: answerRecordings.id,
        durationMs: answerRecordings.durationMs,
        createdAt: answerRecordings.createdAt,
      })
      .from(answerRecordings)
      .where(after ? sql`${answerRecordings.createdAt} >= ${after}` : undefined)
      .orderBy(answerRecordings.createdAt, answerRecordings.id)
      .limit(BATCH);
    if (oldest.length === 0) break;
    const named = await namedIds(
      db,
      oldest.map((o) => o.id),
    );
    const gone: string[] = [];
    for (const o of oldest) {
      if (over <= 0) break;
      if (named.has(o.id) || o.id === spare) continue;
      gone.push(o.id);
      over -= 44 + o.durationMs * 32;
    }
    for (const id of gone) await store.remove(keyOf(id));
    if (gone.length > 0) await db.delete(answerRecordings).where(inArray(answerRecordings.id, gone));
    removed += gone.length;
    // Only saved ones were left in this batch: go on past them.
    if (gone.length === 0) {
      const last = oldest.at(-1);
      if (!last || oldest.length < BATCH) break;
      after = new Date(last.createdAt.getTime() + 1);
    }
  }
  return { removed, over };
}

/**
 * The user's own recording by id (16 kHz PCM), or null when it is not theirs, swept or unknown. With
 * `userId` null (a guest) only a guest's recording is found: a user's never is.
 */
export async function loadAnswerAudio(
  db: Db,
  store: AudioStore,
  userId: number | null,
  id: string,
): Promise<Int16Array | null> {
  const owner = userId === null ? isNull(answerRecordings.userId) : eq(answerRecordings.userId, userId);
  const [row] = await db
    .select({ id: answerRecordings.id })
    .from(answerRecordings)
    .where(and(eq(answerRecordings.id, id), owner));
  if (!row) return null;
  const bytes = await store.read(keyOf(id));
  if (!bytes) return null;
  return decodeWav(bytes).pcm;
}

/** Deletes recordings older than ANSWER_AUDIO_KEEP_MS that no saved result names; returns how many went. */
export async function sweepAnswerAudio(
  db: Db,
  store: AudioStore,
  now = new Date(),
): Promise<{ removed: number; kept: number }> {
  const cutoff = new Date(now.getTime() - ANSWER_AUDIO_KEEP_MS);
  const result = { removed: 0, kept: 0 };
  let after = '';
  for (;;) {
    const due = await db
      .select({ id: answerRecordings.id })
      .from(answerRecordings)
      .where(and(lt(answerRecordings.createdAt, cutoff), sql`${answerRecordings.id} > ${after}`))
      .orderBy(answerRecordings.id)
      .limit(BATCH);
    if (due.length === 0) return result;
    after = due.at(-1)?.id ?? after;
    const ids = due.map((d) => d.id);
    const keep = await namedIds(db, ids);
    const gone = ids.filter((id) => !keep.has(id));
    result.kept += ids.length - gone.length;
    for (const id of gone) await store.remove(keyOf(id));
    if (gone.length > 0) await db.delete(answerRecordings).where(inArray(answerRecordings.id, gone));
    result.removed += gone.length;
  }
}

const stores = new WeakMap<Config, AudioStore>();

/** One answer store per configuration (the feedback socket and the recognition routes share it). */
export function answerAudioStore(config: Config): AudioStore {
  let store = stores.get(config);
  if (!store) {
    store = createAnswerAudioStore(config);
    stores.set(config, store);
  }
  return store;
}

/** Deletes every recording of the user (files, then rows): the account is being erased. */
export async function removeUserAnswerAudio(db: Db, store: AudioStore, userId: number): Promise<void> {
  const rows = await db
    .select({ id: answerRecordings.id })
    .from(answerRecordings)
    .where(eq(answerRecordings.userId, userId));
  for (const { id } of rows) await store.remove(keyOf(id));
  await db.delete(answerRecordings).where(eq(answerRecordings.userId, userId));
}
