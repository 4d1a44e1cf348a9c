import { and, inArray, lt } from 'drizzle-orm';
import { DICTATION_ANALYSIS_TTL_MS } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { dictationSessions, dictationUploads } from '../db/schema.js';
import type { UploadStore } from './upload-store.js';

/** A photo is looked at this long after it was noted: past the analysis' life, with a margin for clocks. */
export const UPLOAD_SWEEP_AFTER_MS = DICTATION_ANALYSIS_TTL_MS + 10 * 60 * 1000;
/** How often a running server sweeps. */
export const UPLOAD_SWEEP_EVERY_MS = 15 * 60 * 1000;
/** Photos handled per query, so one sweep never holds a long list in memory. */
const BATCH = 200;

/** Notes a photo that may end up in no session (a fresh upload, or one a session no longer shows). */
export async function noteUpload(db: Db, key: string, now = new Date()): Promise<void> {
  await db
    .insert(dictationUploads)
    .values({ key, createdAt: now })
    .onConflictDoUpdate({ target: dictationUploads.key, set: { createdAt: now } });
}

export interface SweepResult {
  /** Photos deleted from the store: no session refers to them. */
  removed: number;
  /** Photos a session keeps; they are only struck off the list. */
  kept: number;
}

/**
 * Deletes the noted photos older than `UPLOAD_SWEEP_AFTER_MS` that no session refers to, and strikes
 * the rest off the list. Safe to run on several servers at once: deleting a missing object is no error.
 */
export async function sweepUploads(db: Db, store: UploadStore, now = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - UPLOAD_SWEEP_AFTER_MS);
  const result: SweepResult = { removed: 0, kept: 0 };
  for (;;) {
    const due = await db
      .select({ key: dictationUploads.key })
      .from(dictationUploads)
      .where(lt(dictationUploads.createdAt, cutoff))
      .orderBy(dictationUploads.createdAt)
      .limit(BATCH);
    if (due.length === 0) return result;
    const keys = due.map((d) => d.key);
    const used = await db
      .selectDistinct({ key: dictationSessions.imageKey })
      .from(dictationSessions)
      .where(inArray(dictationSessions.imageKey, keys));
    const kept = new Set(used.map((u) => u.key));
    for (const key of keys) {
      if (kept.has(key)) result.kept++;
      else {
        await store.remove(key);
        result.removed++;
      }
    }
    // Only rows not renoted meanwhile (a session update may have noted the key again).
    await db
      .delete(dictationUploads)
      .where(and(inArray(dictationUploads.key, keys), lt(dictationUploads.createdAt, cutoff)));
    if (due.length < BATCH) return result;
  }
}
