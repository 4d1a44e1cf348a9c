import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../accounts/users.js';
import { answerAudioStore, keepAnswerAudio } from './answer-audio.js';

/**
 * Keeps a signed-in user's answer recording (16 kHz) and gives `{ audio_id }` to add to the answer, or
 * nothing for a guest, an unusable recording, or a failing store (the transcript matters more).
 */
export async function keepAnswerOf(app: FastifyInstance, user: UserRow | null | undefined, pcm: Int16Array): Promise<{ audio_id?: string }> {
  if (!user) return {};
  try {
    const id = await keepAnswerAudio(app.database.db, answerAudioStore(app.config), user.id, pcm);
    return id ? { audio_id: id } : {};
  } catch (err) {
    app.log.warn({ err }, 'answer recording could not be kept');
    return {};
  }
}
