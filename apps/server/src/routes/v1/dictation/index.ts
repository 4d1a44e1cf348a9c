import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addWords,
  analyzeResponseSchema,
  compareHandwriting,
  dictationResultsQuery,
  dictationResultsSchema,
  dictationSessionResponseSchema,
  extractWordsResponseSchema,
  saveSessionBody,
  splitWords,
  wordLimit,
} from '@kouyu/core';
import type { SaveSessionBody } from '@kouyu/core';
import { AppError, errors } from '../../../lib/errors.js';
import type { UserRow } from '../../../accounts/users.js';
import { accountOnly, isPlus, plusOnly } from '../../../dictation/access.js';
import { signedInUser } from '../../../plugins/auth.js';
import { findAnalysis, keepAnalysis } from '../../../dictation/analyses.js';
import type { PendingAnalysis } from '../../../dictation/analyses.js';
import {
  createSession,
  findSession,
  listSessions,
  sessionImage,
  updateSession,
} from '../../../dictation/sessions.js';
import { UPLOAD_SWEEP_EVERY_MS, noteUpload, sweepUploads } from '../../../dictation/sweep.js';
import { everyOnOneInstance } from '../../../plugins/jobs.js';
import { createUploadStore } from '../../../dictation/upload-store.js';
import { readImageUpload } from '../../../dictation/upload.js';
import { checkWords, parseWordsField } from '../../../dictation/words.js';
import { learnerRouteLimit } from '../../../plugins/route-limit.js';
import { cardsFromDictation } from '../../../review/from-mistakes.js';

// OCR runs one image at a time on the server; a client needs no more than a few a minute.
const OCR_RATE = { max: 20, timeWindow: 60_000 };
// The first photo sweep waits until the server is up and serving.
const UPLOAD_FIRST_SWEEP_MS = 5_000;
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Dictation sessions and handwriting analysis (spec 000 §4-§6). */
export const dictationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const uploads = createUploadStore(app.config);

  // Photos of analyses never saved, and photos a session update replaced, are removed in the background.
  // One instance of a deployment sweeps each round (a lease in the shared store), the first round soon
  // after start: photos left by a stopped server are not kept until the next interval.
  const stopSweep = everyOnOneInstance(
    { kv: app.kv, log: app.log },
    'upload-sweep',
    UPLOAD_SWEEP_EVERY_MS,
    async () => {
      const r = await sweepUploads(db, uploads);
      if (r.removed > 0) app.log.info(r, 'unsaved dictation photos removed');
    },
    app.config.NODE_ENV === 'test' ? UPLOAD_SWEEP_EVERY_MS : UPLOAD_FIRST_SWEEP_MS,
  );
  app.addHook('onClose', async () => {
    stopSweep();
  });

  /** The kept analysis a save refers to: the caller's own, made for the same words. */
  const analysisFor = async (user: UserRow, body: SaveSessionBody): Promise<PendingAnalysis> => {
    const pending = await findAnalysis(app.kv, body.analysis_id);
    if (!pending || pending.user_id !== user.id) throw new AppError(400, 'analysis_expired');
    const words = checkWords(body.words, wordLimit(isPlus(user)));
    if (words.length !== pending.words.length || words.some((w, i) => w !== pending.words[i]))
      throw new AppError(400, 'validation_failed', 'The analysis was made for other words', {
        fields: [{ field: 'analysis_id', code: 'words_differ' }],
      });
    return pending;
  };

  /** Handwriting photo + word list → OCR on the server, character comparison, kept for a save. */
  app.post(
    '/analyze',
    {
      onRequest: plusOnly(app),
      config: { rateLimit: OCR_RATE },
      schema: { response: { 200: analyzeResponseSchema } },
    },
    async (req) => {
      const user = signedInUser(req, 'login_required');
      const upload = await readImageUpload(app, req);
      const words = checkWords(parseWordsField(upload.fields['words']), wordLimit(true));
      const ocr = await app.ocrEngine.recognize(upload.image);
      const analysis = compareHandwriting(words, ocr.text);
      const imageKey = await uploads.save(upload.image, upload.format);
      await noteUpload(db, imageKey);
      const id = await keepAnalysis(app.kv, {
        user_id: user.id,
        words,
        recognized_text: ocr.text,
        analysis,
        image_key: imageKey,
      });
      req.log.info(
        { user: user.id, words: words.length, lines: ocr.lines.length, score: analysis.score },
        'handwriting analysed',
      );
      return {
        success: true as const,
        data: {
          analysis_id: id,
          recognized_text: ocr.text,
          lines: ocr.lines,
          analysis,
          score: analysis.score,
        },
      };
    },
  );

  /** Photo of printed words + the current list → the words found, added under the rules and the limit. */
  app.post(
    '/extract-words',
    {
      onRequest: plusOnly(app),
      config: { rateLimit: OCR_RATE },
      schema: { response: { 200: extractWordsResponseSchema } },
    },
    async (req) => {
      const upload = await readImageUpload(app, req);
      const limit = wordLimit(true);
      const current = checkWords(parseWordsField(upload.fields['words']), limit, true);
      const ocr = await app.ocrEngine.recognize(upload.image);
      const result = addWords(current, splitWords(ocr.text), limit);
      return { success: true as const, data: { ...result, recognized_text: ocr.text } };
    },
  );

  app.post(
    '/sessions',
    {
      onRequest: accountOnly(app),
      config: { rateLimit: learnerRouteLimit(app.config, 30) },
      schema: { body: saveSessionBody, response: { 201: dictationSessionResponseSchema } },
    },
    async (req, reply) => {
      const user = signedInUser(req, 'login_required');
      const pending = await analysisFor(user, req.body);
      const session = await createSession(db, user.id, pending.words, req.body.interval_s, pending);
      // Characters written wrong or left out wait in the learner's review (decision 018).
      await cardsFromDictation(db, user.id, pending.analysis, req.log);
      return reply.code(201).send({ success: true as const, data: session });
    },
  );

  app.put(
    '/sessions/:id',
    {
      onRequest: accountOnly(app),
      config: { rateLimit: learnerRouteLimit(app.config, 30) },
      schema: { params: idParams, body: saveSessionBody, response: { 200: dictationSessionResponseSchema } },
    },
    async (req) => {
      const user = signedInUser(req, 'login_required');
      // Someone else's session answers like a missing one, so ids reveal nothing.
      const before = await sessionImage(db, user.id, req.params.id);
      if (!before) throw errors.notFound();
      const pending = await analysisFor(user, req.body);
      const session = await updateSession(
        db,
        user.id,
        req.params.id,
        pending.words,
        req.body.interval_s,
        pending,
      );
      if (!session) throw errors.notFound();
      await cardsFromDictation(db, user.id, pending.analysis, req.log);
      // The photo the session showed until now may be in no session any more.
      if (before.imageKey && before.imageKey !== pending.image_key) await noteUpload(db, before.imageKey);
      return { success: true as const, data: session };
    },
  );

  app.get(
    '/sessions/:id',
    {
      onRequest: accountOnly(app),
      schema: { params: idParams, response: { 200: dictationSessionResponseSchema } },
    },
    async (req) => {
      const session = await findSession(db, signedInUser(req, 'login_required').id, req.params.id);
      if (!session) throw errors.notFound();
      return { success: true as const, data: session };
    },
  );

  /** Own past sessions, newest first (spec 000 §7 `GET /dictation/results`). */
  app.get(
    '/results',
    {
      onRequest: accountOnly(app),
      schema: { querystring: dictationResultsQuery, response: { 200: dictationResultsSchema } },
    },
    async (req) => {
      const { page, page_size } = req.query;
      const { data, pagination } = await listSessions(
        db,
        signedInUser(req, 'login_required').id,
        page,
        page_size,
      );
      return { success: true as const, data, pagination };
    },
  );
};
