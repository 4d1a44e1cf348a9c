import { STORAGE_KEYS, campusPassLive, storedCampusPassSchema } from '@kouyu/core';
import { storage } from '@/lib/storage';

/**
 * The campus pass under `campus_card_auth` (spec 000 §3): the server's signed, expiring pass, never a
 * bare flag, so setting the key by hand opens nothing.
 */
export function readCampusPass(now = new Date()): string | null {
  const raw = storage.get(STORAGE_KEYS.campusCardAuth);
  if (!raw) return null;
  try {
    const parsed = storedCampusPassSchema.safeParse(JSON.parse(raw));
    if (parsed.success && campusPassLive(parsed.data, now)) return parsed.data.pass;
  } catch {
    // Not JSON (an old or hand-set value): dropped below.
  }
  storage.remove(STORAGE_KEYS.campusCardAuth);
  return null;
}

export function saveCampusPass(pass: string, expiresAt: string): void {
  storage.set(STORAGE_KEYS.campusCardAuth, JSON.stringify({ pass, expires_at: expiresAt }));
}

export function clearCampusPass(): void {
  storage.remove(STORAGE_KEYS.campusCardAuth);
}
