/**
 * The voice report of one answer for the feedback: the user's kept recording, analysed against the text
 * the answer should say (the reference of a repeat or read-aloud question, else the transcript), or for
 * fluency alone when there is no Chinese text to compare with.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { VoiceReport } from '@kouyu/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AnswerInput } from '../feedback/types.js';
import { answerAudioStore, loadAnswerAudio } from './answer-audio.js';
import { assessVoice } from './assess.js';

/** Question types whose reference is the very text the learner says. */
const READ_TYPES: ReadonlySet<AnswerInput['question_type']> = new Set(['repeat', 'read_aloud']);

/**
 * The analysis of the recording `audioId` of `userId` (null or undefined: a guest, who reaches only a
 * guest's recording) for this answer; undefined when there is none to hear.
 */
export async function voiceOfAnswer(
  deps: { db: Db; config: Config; log: FastifyBaseLogger },
  userId: number | null | undefined,
  audioId: string | undefined,
  input: AnswerInput,
): Promise<VoiceReport | undefined> {
  if (!audioId) return undefined;
  try {
    const pcm = await loadAnswerAudio(deps.db, answerAudioStore(deps.config), userId ?? null, audioId);
    if (!pcm) return undefined;
    const text =
      READ_TYPES.has(input.question_type) && input.reference_text ? input.reference_text : input.answer_text;
    // A guest has no key: their range comes from the recording alone.
    return await assessVoice(pcm, text, userId ? `user:${userId}` : undefined);
  } catch (err) {
    // The review goes on without the voice measures rather than failing the learner's feedback.
    deps.log.warn({ err, audioId }, 'voice analysis of an answer failed');
    return undefined;
  }
}
