import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../accounts/users.js';
import { resampleInt16 } from '../asr/audio.js';
import { answerAudioStore, keepAnswerAudio } from './answer-audio.js';
import { VOICE_SAMPLE_RATE } from './features.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * True while guests may still have a recording kept this hour: a small quota per address and one for
 * all guests together, counted in the shared store (the same on every instance), so guests cannot fill
 * the disk. Over it, the answer is still heard, only not kept.
 */
async function guestMayKeep(app: FastifyInstance, address: string): Promise<boolean> {
  const hour = Math.floor(Date.now() / HOUR_MS);
  const mine = await app.kv.incr(`guest-audio:${address}:${hour}`, HOUR_MS);
  if (mine > app.config.GUEST_AUDIO_PER_ADDRESS_HOUR) return false;
  const all = await app.kv.incr(`guest-audio:all:${hour}`, HOUR_MS);
  return all <= app.config.GUEST_AUDIO_PER_HOUR;
}

/**
 * Keeps an answer recording (16 kHz) of a signed-in user or a guest (from `address`) and gives
 * `{ audio_id }` to add to the answer, or nothing for an unusable recording, a guest over the quota or
 * a failing store (the transcript matters more). The store stays within ANSWER_AUDIO_BUDGET_BYTES.
 */
export async function keepAnswerOf(
  app: FastifyInstance,
  user: UserRow | null | undefined,
  pcm: Int16Array,
  address: string,
): Promise<{ audio_id?: string }> {
  try {
    if (!user && !(await guestMayKeep(app, address))) return {};
    const id = await keepAnswerAudio(
      app.database.db,
      answerAudioStore(app.config),
      user?.id ?? null,
      pcm,
      app.config.ANSWER_AUDIO_BUDGET_BYTES,
    );
    return id ? { audio_id: id } : {};
  } catch (err) {
    app.log.warn({ err }, 'answer recording could not be kept');
    return {};
  }
}

/** A recognition task's PCM (16-bit little-endian at `sampleRate`) as 16 kHz samples for keeping. */
export function taskPcm(recording: { sampleRate: number; chunks: Buffer[] }): Int16Array {
  const all = Buffer.concat(recording.chunks);
  const pcm = new Int16Array(Math.floor(all.length / 2));
  for (let i = 0; i < pcm.length; i++) pcm[i] = all.readInt16LE(i * 2);
  return resampleInt16(pcm, recording.sampleRate, VOICE_SAMPLE_RATE);
}
