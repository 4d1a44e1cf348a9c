import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../accounts/users.js';
import { resampleInt16 } from '../asr/audio.js';
import { answerAudioStore, keepAnswerAudio } from './answer-audio.js';
import { VOICE_SAMPLE_RATE } from './features.js';

/**
 * Keeps an answer recording (16 kHz) of a signed-in user or a guest and gives `{ audio_id }` to add to
 * the answer, or nothing for an unusable recording or a failing store (the transcript matters more).
 */
export async function keepAnswerOf(app: FastifyInstance, user: UserRow | null | undefined, pcm: Int16Array): Promise<{ audio_id?: string }> {
  try {
    const id = await keepAnswerAudio(app.database.db, answerAudioStore(app.config), user?.id ?? null, pcm);
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
