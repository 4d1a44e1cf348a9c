import { hanziDataSchema } from '@kouyu/core';
import type { HanziData } from '@kouyu/core';
import { ApiError, api } from '@/lib/api';

// One request per character per page life: the watch and the write views of a character share it.
// The server's answer is cached for a year by the browser as well.
const loaded = new Map<string, Promise<HanziData>>();

/** The stroke data of one character from our own server (`GET /hanzi/{char}`), never a CDN. */
export function loadHanziData(char: string): Promise<HanziData> {
  let pending = loaded.get(char);
  if (!pending) {
    pending = api(`/hanzi/${encodeURIComponent(char)}`, { schema: hanziDataSchema, auth: false });
    // A failure is not kept: the next view asks again (the learner may be back online).
    pending.catch(() => loaded.delete(char));
    loaded.set(char, pending);
  }
  return pending;
}

/** True when the error means the server has no stroke data for the character. */
export function isMissingHanzi(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}
