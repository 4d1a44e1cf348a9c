import { z } from 'zod';
import { STORAGE_KEYS, savedFeedbackSchema } from '@kouyu/core';
import { storage } from '@/lib/storage';
import type { FeedbackItem } from '../hooks/use-feedback-run';

const guestTrySchema = z.object({
  savedAt: z.number(),
  testName: z.string(),
  average: z.number().nullable(),
  items: z.array(z.object({ runNumber: z.number().int(), saved: savedFeedbackSchema.nullable() })),
});

/** A guest's last free try as kept on the device: what the feedback view showed, without recordings. */
export type GuestTry = z.infer<typeof guestTrySchema>;

/** Keeps the guest's try (replacing the one before), so home can show its feedback again. */
export function keepGuestTry(testName: string, average: number | null, items: readonly FeedbackItem[]): void {
  const kept: GuestTry = {
    savedAt: Date.now(),
    testName,
    average,
    items: items.map((i) => ({ runNumber: i.runNumber, saved: i.saved })),
  };
  storage.set(STORAGE_KEYS.guestLastTry, JSON.stringify(kept));
}

/** The guest's last try kept on this device, or null (none, or written by another version). */
export function guestTry(): GuestTry | null {
  const raw = storage.get(STORAGE_KEYS.guestLastTry);
  if (!raw) return null;
  try {
    const parsed = guestTrySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
