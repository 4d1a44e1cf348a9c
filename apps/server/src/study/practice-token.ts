import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LANGUAGES, PRACTICE_MODES } from '@kouyu/core';

/**
 * What a practice question token carries. It is encrypted (AES-256-GCM), so the client can neither
 * read the right choice nor change it; a nonce makes each question answerable once.
 */
export const practicePayloadSchema = z.object({
  /** Single-use nonce. */
  n: z.string(),
  /** The idiom asked about. */
  i: z.number().int(),
  m: z.enum(PRACTICE_MODES),
  l: z.enum(LANGUAGES),
  /** The options: idiom ids (`meaning`) or characters (`missing_char`). */
  o: z.array(z.union([z.number().int(), z.string()])),
  /** Index of the right option. */
  c: z.number().int(),
  /** Expiry, ms since epoch. */
  x: z.number(),
});
export type PracticePayload = z.infer<typeof practicePayloadSchema>;

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(secret: string): Buffer {
  // A key of its own, derived from the server secret, so a token of one kind never opens another.
  return createHash('sha256').update(`kouyu:idiom-practice:${secret}`).digest();
}

/** A new nonce for a question. */
export function newNonce(): string {
  return randomBytes(12).toString('base64url');
}

/** Seals a question's payload into an opaque token. */
export function sealPractice(secret: string, payload: PracticePayload): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** Opens a token; null when it was not made by this server or was changed. */
export function openPractice(secret: string, token: string): PracticePayload | null {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const parsed = practicePayloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
