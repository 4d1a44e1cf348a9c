import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASR_SAMPLE_RATE,
  VOICE_ASSESS_MAX_S,
  VOICE_ASSESS_PER_MINUTE,
  VOICE_REFERENCE_MAX_CHARS,
  assessResponseSchema,
  audioIdSchema,
  errorMessage,
} from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import { AppError, errors } from '../../../lib/errors.js';
import {
  UnsupportedAudioError,
  decodeRecording,
  sniffRecording,
} from '../../../speech/asr/decode-recording.js';
import {
  ANSWER_AUDIO_SWEEP_EVERY_MS,
  answerAudioStore,
  loadAnswerAudio,
  sweepAnswerAudio,
} from '../../../speech/voice/answer-audio.js';
import { readUpload } from '../../../plugins/uploads.js';
import type { UploadLimits } from '../../../plugins/uploads.js';
import { encodeWav } from '../../../speech/asr/wav.js';
import { VOICE_SAMPLE_RATE } from '../../../speech/voice/features.js';
import { assessVoice } from '../../../speech/voice/assess.js';
import { expectedSyllables } from '../../../speech/voice/expected.js';
import { signedInUser } from '../../../plugins/auth.js';

// The recording as `audio` and the text it reads as `reference_text`.
const UPLOAD_LIMITS: UploadLimits = { fileField: 'audio', parts: 5, fieldBytes: 16 * 1024 };
const MINUTE_MS = 60_000;

function failure(status: number, code: ErrorCode, params?: Record<string, string | number>): AppError {
  return new AppError(status, code, errorMessage(code, params), params);
}

/**
 * `POST /audio/assess`: a recording and the text it reads → each syllable's tone and the fluency, heard
 * from the audio itself (no recogniser). Signed-in users, a few dozen a minute each.
 */
export const audioRoutes: FastifyPluginAsyncZod = async (app) => {
  // Kept answer recordings that no saved result names are deleted in the background.
  const sweep = setInterval(() => {
    sweepAnswerAudio(app.database.db, answerAudioStore(app.config))
      .then((r) => {
        if (r.removed > 0) app.log.info(r, 'unsaved answer recordings removed');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'answer recording sweep failed'));
  }, ANSWER_AUDIO_SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });

  // The learner's own kept recording of an answer, for the review's replay; anyone else's is a 404.
  app.get(
    '/audio/answers/:id',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 240, timeWindow: MINUTE_MS } },
      schema: { params: z.object({ id: z.string().max(200) }) },
    },
    async (req, reply) => {
      const user = signedInUser(req);
      const id = audioIdSchema.safeParse(req.params.id);
      if (!id.success) throw errors.notFound();
      const pcm = await loadAnswerAudio(app.database.db, answerAudioStore(app.config), user.id, id.data);
      if (!pcm) throw errors.notFound();
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'private, max-age=3600')
        .send(encodeWav(pcm, VOICE_SAMPLE_RATE));
    },
  );

  app.post(
    '/audio/assess',
    { onRequest: app.requireUser, schema: { response: { 200: assessResponseSchema } } },
    async (req) => {
      const user = signedInUser(req);
      // Per user, not per address: a class behind one school router shares an address.
      const minute = Math.floor(Date.now() / MINUTE_MS);
      const used = await app.kv.incr(`voice-assess:${user.id}:${minute}`, MINUTE_MS);
      if (used > VOICE_ASSESS_PER_MINUTE) {
        throw errors.tooMany(
          'rate_limited',
          Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - Date.now()) / 1000)),
        );
      }
      const upload = await readUpload(app, req, UPLOAD_LIMITS);
      const text = (upload.fields['reference_text'] ?? '').trim();
      if (text.length > VOICE_REFERENCE_MAX_CHARS) throw failure(400, 'validation_failed');
      const expected = expectedSyllables(text);
      if (expected.length === 0) throw failure(400, 'no_chinese_text');
      const audio = upload.file?.bytes;
      if (!audio || audio.length === 0) throw failure(400, 'no_audio_recorded');
      if (sniffRecording(audio) === null) throw failure(415, 'unsupported_media_type');
      let pcm: Int16Array;
      try {
        pcm = await decodeRecording(audio);
      } catch (err) {
        if (err instanceof UnsupportedAudioError) throw failure(400, 'audio_unreadable');
        throw err;
      }
      if (pcm.length === 0) throw failure(400, 'no_audio_recorded');
      if (pcm.length > VOICE_ASSESS_MAX_S * ASR_SAMPLE_RATE)
        throw failure(413, 'audio_too_long', { max: VOICE_ASSESS_MAX_S });
      // The learner's earlier recordings give their pitch range (a word alone says little of it).
      const report = await assessVoice(pcm, text, `user:${user.id}`);
      return { success: true as const, syllables: report.syllables ?? [], fluency: report.fluency };
    },
  );
};
