import type { ReviewCard, ReviewMode, ReviewRating } from '@kouyu/core';
import { idbDatabase, idbRequest } from '@/lib/idb';

/** An answer kept on the device until `POST /review/sync` took it (offline, or the server was away). */
export interface QueuedAnswer {
  client_id: string;
  user_id: number;
  card_id: string;
  rating: ReviewRating;
  answered_at: string;
  mode?: ReviewMode;
}

/** The last due list the server gave a user, for a review on the road without a connection. */
export interface CachedDue {
  user_id: number;
  cards: ReviewCard[];
  due_count: number;
  saved_at: string;
}

const ANSWERS = 'answers';
const DUE = 'due';
const db = idbDatabase('kouyu-review', 1, (d) => {
  d.createObjectStore(ANSWERS, { keyPath: 'client_id' });
  d.createObjectStore(DUE, { keyPath: 'user_id' });
});

function isQueuedAnswer(value: unknown): value is QueuedAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'client_id') === 'string' &&
    typeof Reflect.get(value, 'user_id') === 'number' &&
    typeof Reflect.get(value, 'card_id') === 'string'
  );
}

function isCachedDue(value: unknown): value is CachedDue {
  return typeof value === 'object' && value !== null && Array.isArray(Reflect.get(value, 'cards'));
}

/** Keeps an answer until it is sent. */
export async function queueAnswer(answer: QueuedAnswer): Promise<void> {
  await idbRequest((await db.store(ANSWERS, 'readwrite')).put(answer));
}

/** A user's answers waiting to be sent, oldest first. */
export async function queuedAnswers(userId: number): Promise<QueuedAnswer[]> {
  const all: unknown[] = await idbRequest((await db.store(ANSWERS, 'readonly')).getAll());
  return all
    .filter(isQueuedAnswer)
    .filter((a) => a.user_id === userId)
    .sort((a, b) => a.answered_at.localeCompare(b.answered_at));
}

/** Forgets answers the server has taken. */
export async function dropAnswers(clientIds: string[]): Promise<void> {
  const store = await db.store(ANSWERS, 'readwrite');
  await Promise.all(clientIds.map((id) => idbRequest(store.delete(id))));
}

/** Remembers the due list as the server gave it. */
export async function saveDue(due: CachedDue): Promise<void> {
  await idbRequest((await db.store(DUE, 'readwrite')).put(due));
}

/** The last due list saved for a user, or null. */
export async function cachedDue(userId: number): Promise<CachedDue | null> {
  const found: unknown = await idbRequest((await db.store(DUE, 'readonly')).get(userId));
  return isCachedDue(found) ? found : null;
}
