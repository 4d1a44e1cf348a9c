import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../../lib/errors.js';
import { audioContentType, audioFileSchema, audioHashSchema } from '../../../speech/audio/cache.js';
import { ttsServiceFor } from '../../../speech/tts/service.js';
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

/** Speech synthesis socket, cached audio files and the MP3 conversion fallback. */
export const ttsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tts = ttsServiceFor(app.config);
  app.engineReports.push(() => tts.report());

  app.get('/tts/ws', { websocket: true }, (socket, req) =>
    handleTtsSocket(socket, { app, tts, log: req.log }),
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
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        querystring: z.object({
          text: z.string().trim().min(1).max(200),
          format: z.enum(['json', 'mp3']).default('mp3'),
        }),
      },
    },
    async (req, reply) => {
      const result = await tts.synthesizeToCache(req.query.text);
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
