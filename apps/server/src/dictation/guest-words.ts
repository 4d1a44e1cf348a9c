import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DICTATION_GUEST_WORDS_PER_DAY, dictationWordError, errorMessage } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { idioms, vocabWords } from '../db/schema.js';
import { SpeechRefusal } from '../speaking/speech-access.js';
import { normaliseText } from '../speech/tts/text.js';

/** The longest dictionary entry tried as one piece (idioms run to a dozen characters). */
const ENTRY_MAX_CHARS = 12;
const DAY_MS = 86_400_000;

/**
 * True when the text is a dictionary entry (an HSK word or an idiom) or can be cut into entries
 * whole, as 我爱你 into 我 爱 你: a word a learner would dictate, not any text at all.
 */
export async function isDictionaryText(db: Db, text: string): Promise<boolean> {
  const chars = [...text];
  const pieces = new Set<string>();
  for (let i = 0; i < chars.length; i++)
    for (let n = 1; n <= ENTRY_MAX_CHARS && i + n <= chars.length; n++)
      pieces.add(chars.slice(i, i + n).join(''));
  const candidates = [...pieces];
  const [words, sayings] = await Promise.all([
    db
      .select({ text: vocabWords.simplified })
      .from(vocabWords)
      .where(inArray(vocabWords.simplified, candidates)),
    db.select({ text: idioms.chengyu }).from(idioms).where(inArray(idioms.chengyu, candidates)),
  ]);
  const known = new Set([...words, ...sayings].map((r) => r.text));
  // reach[i]: the first i characters are a run of entries.
  const reach = [true, ...chars.map(() => false)];
  for (let i = 0; i < chars.length; i++) {
    if (!reach[i]) continue;
    for (let n = 1; n <= ENTRY_MAX_CHARS && i + n <= chars.length; n++)
      if (known.has(chars.slice(i, i + n).join(''))) reach[i + n] = true;
  }
  return reach[chars.length] === true;
}

/**
 * A guest's dictation word (spec 000 §6: guests may dictate, without the extras): any text that
 * passes dictation's own rule (Chinese only, at most 50 characters) and is made of dictionary
 * entries, within a daily allowance per address kept in the shared Kv store. Anything else asks
 * the guest to sign in: 401 `auth_token_missing`, or 429 `dictation_guest_limit` past the allowance.
 */
export async function takeGuestDictationWord(app: FastifyInstance, req: FastifyRequest, raw: string) {
  const text = normaliseText(raw);
  if (!text || dictationWordError(text, []) || !(await isDictionaryText(app.database.db, text)))
    throw new SpeechRefusal(401, 'auth_token_missing');
  const day = Math.floor(Date.now() / DAY_MS);
  const used = await app.kv.incr(`dictation-guest:${req.ip}:${day}`, DAY_MS);
  if (used > DICTATION_GUEST_WORDS_PER_DAY)
    throw new SpeechRefusal(
      429,
      'dictation_guest_limit',
      errorMessage('dictation_guest_limit', { limit: DICTATION_GUEST_WORDS_PER_DAY }),
    );
}
