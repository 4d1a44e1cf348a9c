import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errors } from '../../../lib/errors.js';
import { audioContentType, audioFileSchema, audioHashSchema } from '../../../speech/audio/cache.js';
import { TtsError } from '../../../speech/tts/engine.js';
import { ttsServiceFor } from '../../../speech/tts/service.js';
import { takeGuestDictationWord } from '../../../dictation/guest-words.js';
import {
  SpeechRefusal,
  guardSocket,
  guestQuestion,
  isOwnContent,
  isVendorEngine,
  questionTexts,
  speechCaller,
  takeSpeechQuota,
} from '../../../speaking/speech-access.js';
import { handleTtsSocket } from './socket.js';

// Cached audio is content-addressed: a URL's bytes never change, so clients and CDNs keep them.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sends audio bytes, honouring a single `Range: bytes=a-b` (Safari's media element needs 206 answers). */
function sendAudio(req: FastifyRequest, reply: FastifyReply, body: Buffer, contentType: string) {
  reply
    .header('Content-Type', contentType)
    .header('Cache-Control', IMMUTABLE)
    .header('Accept-Ranges', 'bytes');
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    // "bytes=-N" asks for the last N bytes.
    const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    // An unsatisfiable or reversed range is ignored (RFC 9110 allows it): the whole file is sent.
    if (start <= end && start < body.length) {
      return reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${body.length}`)
        .send(body.subarray(start, end + 1));
    }
  }
  return reply.send(body);
}

/** A speech refusal as an HTTP error answer. */
function httpRefusal(err: unknown): never {
  if (err instanceof SpeechRefusal) throw new AppError(err.status, err.code, err.message);
  throw err;
}

/** Speech synthesis socket, cached audio files and the MP3 conversion fallback. */
export const ttsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tts = ttsServiceFor(app.config);
  app.engineReports.push(() => tts.report());

  const vendor = isVendorEngine(tts.engine.name);
  // The caller is checked on connect: signed-in users hear any text (new syntheses counted against
  // their quota), guests only the texts of a try-test part-1 question named in the URL.
  app.get('/tts/ws', { websocket: true, logLevel: 'warn' }, (socket, req) =>
    guardSocket(
      socket,
      async () => {
        const { user, questionId } = await speechCaller(app, req);
        if (user) return { allowed: null, beforeSynthesis: () => takeSpeechQuota(app, user, vendor) };
        const question = await guestQuestion(app.database.db, questionId);
        return { allowed: questionTexts(question), beforeSynthesis: async () => undefined };
      },
      (access) => handleTtsSocket(socket, { app, tts, log: req.log, ...access }),
      (refusal) =>
        socket.send(
          JSON.stringify({
            success: false,
            code: refusal.code,
            message: refusal.message,
            error: refusal.message,
            header: {
              event: 'task-failed',
              task_id: null,
              error_code: refusal.code,
              error_message: refusal.message,
            },
          }),
        ),
      req.log,
    ),
  );

  app.get(
    '/audio/cache/:hash/:file',
    { compress: false, schema: { params: z.object({ hash: audioHashSchema, file: audioFileSchema }) } },
    async (req, reply) => {
      const body = await tts.cache.readFile(req.params.hash, req.params.file);
      if (!body) throw errors.notFound();
      return sendAudio(req, reply, body, audioContentType(req.params.file));
    },
  );

  // Audio of a short text (a word, an idiom, a dictation word): synthesised once, then served from the cache.
  app.get(
    '/audio/speak',
    {
      // The URL may carry the access token: keep request lines out of info logs.
      logLevel: 'warn',
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        querystring: z.object({
          text: z.string().trim().min(1).max(200),
          format: z.enum(['json', 'mp3']).default('mp3'),
          token: z.string().optional(),
        }),
      },
    },
    async (req, reply) => {
      // Our own content (questions, words, idioms) is for everyone and is not counted. Other text
      // needs sign-in (the token in the URL, as an audio element sends no header) and a quota, but
      // for a guest's dictation word, counted against the guest's daily allowance.
      if (!(await isOwnContent(app.database.db, req.query.text))) {
        const { user } = await speechCaller(app, req).catch(httpRefusal);
        if (!user) await takeGuestDictationWord(app, req, req.query.text).catch(httpRefusal);
        else if (!(await tts.cache.lookup(tts.key(req.query.text).hash)))
          await takeSpeechQuota(app, user, vendor).catch(httpRefusal);
      }
      const result = await tts.synthesizeToCache(req.query.text).catch(vendorRefusal);
      if (!result) throw errors.badRequest('tts_failed');
      if (req.query.format === 'json') {
        return {
          success: true,
          hash: result.hash,
          mp3_url: result.mp3Url,
          m3u8_url: result.m3u8Url,
          duration_ms: result.durationMs,
        };
      }
      return reply.redirect(result.mp3Url, 302);
    },
  );

  // A synthesiser that fails, hangs or drops is the vendor's fault, told as such (never a bare 500).
  function vendorRefusal(err: unknown): never {
    if (!(err instanceof TtsError)) throw err;
    app.log.warn({ engine: tts.engine.name, reason: err.message }, 'speech synthesis failed');
    if (err.code === 'service_unavailable' || err.code === 'not_authenticated')
      throw new AppError(503, 'service_unavailable');
    throw new AppError(502, 'tts_failed');
  }

  // The player's last fallback (spec 001 §4): the audio as MP3, made from the WAV when the MP3 is missing.
  app.get(
    '/audio/convert/:hash',
    { compress: false, schema: { params: z.object({ hash: audioHashSchema }) } },
    async (req, reply) => {
      const mp3 = await tts.cache.mp3(req.params.hash);
      if (!mp3) throw errors.notFound();
      return sendAudio(req, reply, mp3, 'audio/mpeg');
    },
  );
};
