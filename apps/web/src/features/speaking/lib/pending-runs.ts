import type { Language } from '@kouyu/core';
import { idbDatabase, idbRequest } from '@/lib/idb';
import type { SavedFeedback } from './feedback-stream';

/** One answer of a run waiting to be sent: its feedback is asked for again unless it already came. */
export interface PendingAnswer {
  runNumber: number;
  questionId: number;
  part: number;
  /** The answer text ('' when only a recording was kept). */
  userAnswer: string;
  origAnswer: string;
  audioId: string | null;
  /** True when feedback is still to be asked for (it failed for a reason worth another try). */
  needsFeedback: boolean;
  saved: SavedFeedback | null;
}

/** A finished run whose feedback or saving failed (offline, server down, session over): kept on this device. */
export interface PendingRun {
  /** The store's key (absent before the first save). */
  key?: number;
  userId: number;
  createdAt: number;
  testId: number;
  levelId: number;
  partId: number | null;
  fullTest: boolean;
  completedTime: number;
  language: Language;
  answers: PendingAnswer[];
}

/** Fired on window when a pending run was sent; `detail` is the run as sent (with its feedback). */
export const PENDING_SENT_EVENT = 'kouyu:pending-run-sent';

const DB_NAME = 'kouyu-speaking';
const STORE = 'pending-runs';

const db = idbDatabase(DB_NAME, 1, (d) => {
  d.createObjectStore(STORE, { keyPath: 'key', autoIncrement: true });
});
const store = (mode: IDBTransactionMode) => db.store(STORE, mode);

/** True for a stored run of the shape this code keeps. */
export function isPendingRun(value: unknown): value is PendingRun {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'key') === 'number' &&
    typeof Reflect.get(value, 'userId') === 'number' &&
    Array.isArray(Reflect.get(value, 'answers'))
  );
}

/** Keeps (or updates) a run on this device; resolves with its key. */
export async function keepPending(run: PendingRun): Promise<number> {
  const key = await idbRequest((await store('readwrite')).put(run));
  if (typeof key !== 'number') throw new Error('unexpected IndexedDB key');
  return key;
}

/** The runs of a user waiting on this device, oldest first. */
export async function pendingRuns(userId: number): Promise<PendingRun[]> {
  const all: unknown[] = await idbRequest((await store('readonly')).getAll());
  return all.filter(isPendingRun).filter((r) => r.userId === userId);
}

/** Forgets a run once it was sent. */
export async function dropPending(key: number): Promise<void> {
  await idbRequest((await store('readwrite')).delete(key));
}
