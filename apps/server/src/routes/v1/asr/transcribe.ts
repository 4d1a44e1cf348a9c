import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ErrorCode } from '@kouyu/core';
import { ASR_SAMPLE_RATE, errorMessage } from '@kouyu/core';
import { AppError } from '../../../lib/errors.js';
import {
  SpeechRefusal,
  guestQuestion,
  isVendorEngine,
  speechCaller,
  takeSpeechQuota,
} from '../../../speaking/speech-access.js';
import {
  UnsupportedAudioError,
  decodeRecording,
  sniffRecording,
} from '../../../speech/asr/decode-recording.js';
import { toAsrError } from '../../../speech/asr/types.js';
import type { AsrEngine } from '../../../speech/asr/types.js';
import { readUpload } from '../../../plugins/uploads.js';
import type { UploadLimits } from '../../../plugins/uploads.js';
import { keepAnswerOf } from '../../../speech/voice/keep-answer.js';

/** An error answer in the envelope, also carrying `error` (the field spec 001's client reads). */
function failure(status: number, code: ErrorCode): AppError {
  return new AppError(status, code, undefined, undefined, { error: errorMessage(code) });
}

// MediaRecorder blobs come as audio/webm (sometimes video/webm); some clients send no useful type.
const ACCEPTED_TYPE = /^(audio\/|video\/webm|application\/octet-stream)/i;
// One recording under any field name, and small text fields: record_context, recordContext and the
// spec's "extra fields".
const UPLOAD_LIMITS: UploadLimits = { fileField: null, parts: 20, fieldBytes: 16 * 1024 };

/** A speech refusal as the route's error answer (with `error`, as `failure` gives). */
function refused(err: unknown): never {
  if (err instanceof SpeechRefusal)
    throw new AppError(err.status, err.code, err.message, undefined, { error: err.message });
  throw err;
}

/** An upload refusal with the `error` field spec 001's client reads added. */
function withErrorField(err: unknown): never {
  if (err instanceof AppError)
    throw new AppError(err.statusCode, err.code, err.message, err.details, {
      error: err.message,
      ...err.extra,
    });
  throw err;
}

const answerSchema = z.object({
  success: z.literal(true),
  transcription_text: z.string(),
  audio_id: z.string().optional(),
});

/** `POST /audio/transcribe`: a whole recording (WebM/Opus or WAV) in, its transcript out. */
export function registerTranscribe(app: FastifyInstance, engine: AsrEngine | null): void {
  app.post('/audio/transcribe', { schema: { response: { 200: answerSchema } } }, async (req) => {
    // Who may: signed-in learners (counted against their quota), guests for the try part only.
    const caller = await speechCaller(app, req).catch(refused);
    if (caller.user)
      await takeSpeechQuota(app, caller.user, engine !== null && isVendorEngine(engine.name)).catch(refused);
    else await guestQuestion(app.database.db, caller.questionId).catch(refused);
    const upload = await readUpload(app, req, UPLOAD_LIMITS).catch(withErrorField);
    // The context fields say which question the answer belongs to; recognition does not need them.
    const context = upload.fields['record_context'] ?? upload.fields['recordContext'];
    const file = upload.file;
    req.log.debug({ context, bytes: file?.bytes.length ?? 0, type: file?.mimetype }, 'transcription upload');
    if (!file || file.bytes.length === 0) throw failure(400, 'no_audio_recorded');
    if (!ACCEPTED_TYPE.test(file.mimetype) || sniffRecording(file.bytes) === null) {
      throw failure(415, 'unsupported_media_type');
    }
    let pcm: Int16Array;
    try {
      pcm = await decodeRecording(file.bytes);
    } catch (err) {
      if (err instanceof UnsupportedAudioError) {
        req.log.info({ reason: err.message }, 'recording could not be decoded');
        throw failure(415, 'unsupported_media_type');
      }
      throw err;
    }
    if (pcm.length === 0) throw failure(400, 'no_audio_recorded');
    // The same audio budget as the live sockets: a recording longer than that is refused, not cut.
    if (pcm.length > app.config.ASR_MAX_AUDIO_S * ASR_SAMPLE_RATE) throw failure(413, 'payload_too_large');
    // A signed-in learner's recording is kept for the voice analysis also when no recogniser can read
    // it (their result names it); a guest's refused upload is never kept.
    if (!engine) {
      const kept = caller.user ? await keepAnswerOf(app, caller.user, pcm, req.ip) : {};
      throw new AppError(503, 'asr_unavailable', undefined, undefined, {
        error: errorMessage('asr_unavailable'),
        ...kept,
      });
    }
    try {
      const text = await engine.transcribe(pcm, ASR_SAMPLE_RATE);
      const kept = await keepAnswerOf(app, caller.user, pcm, req.ip);
      return { success: true as const, transcription_text: text, ...kept };
    } catch (err) {
      const asr = toAsrError(err);
      req.log.warn({ engine: engine.name, kind: asr.kind, reason: asr.message }, 'transcription failed');
      if (asr.kind === 'unavailable') throw failure(503, 'asr_unavailable');
      if (asr.kind === 'empty_audio') throw failure(400, 'no_audio_recorded');
      throw failure(502, 'transcription_failed');
    }
  });
}
