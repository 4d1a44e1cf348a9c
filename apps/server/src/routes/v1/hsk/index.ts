import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HSK_PASS_PERCENT,
  HSK_SECTIONS,
  LANGUAGES,
  hskAttemptBody,
  hskAttemptSchema,
  hskAttemptsQuery,
  hskAttemptsSchema,
  hskLevelParam,
  hskLevelsSchema,
  hskPercent,
  hskSections,
  hskSetListSchema,
  hskSetSchema,
  hskSyllabusQuery,
  SYLLABUS_UNSPECIFIED,
  paginate,
} from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { ttsServiceFor } from '../../../speech/tts/service.js';
import { audioFor } from '../../../hsk/audio.js';
import { maxScoreOf, spokenTexts } from '../../../hsk/content.js';
import { contentIcons, ICON_NAME } from '../../../hsk/icons.js';
import {
  attemptsPage,
  findAttempt,
  findSet,
  latestAttempts,
  levelOverview,
  saveAttempt,
  setsOf,
} from '../../../hsk/repository.js';
import { attemptResult } from '../../../hsk/results.js';
import { answerIssues, normaliseGiven, scoreAnswers } from '../../../hsk/scoring.js';
import { publicItem } from '../../../hsk/view.js';
import { learnerRouteLimit } from '../../../plugins/route-limit.js';
import { cardsFromHskAttempt } from '../../../review/from-mistakes.js';
import { signedInUser } from '../../../plugins/auth.js';

const language = z.object({ language: z.enum(LANGUAGES).default('en') });
const setIdParam = z.object({ id: z.string().regex(/^hsk[1-6]-(listening|reading|writing)-\d{1,4}$/) });
// The icon package is versioned in the URL (`?v=`), so a year of caching never shows a stale picture.
const ICON_CACHE = 'public, max-age=31536000, immutable';

/** HSK 1-6 written practice sets, answers scored on the server (spec 000 §1-§2). */
export const hskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tts = ttsServiceFor(app.config);

  app.get(
    '/levels',
    { schema: { querystring: hskSyllabusQuery, response: { 200: hskLevelsSchema } } },
    async (req) => {
      const { syllabus } = req.query;
      const data = await levelOverview(db, syllabus ?? SYLLABUS_UNSPECIFIED);
      // Without `syllabus` the answer is the one spec clients always had: no new field.
      return syllabus ? { success: true as const, syllabus, data } : { success: true as const, data };
    },
  );

  app.get(
    '/icons/:file',
    {
      compress: false,
      schema: {
        params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.svg$/) }),
        querystring: z.object({ v: z.string().max(32).optional() }),
      },
    },
    async (req, reply) => {
      const name = req.params.file.slice(0, -'.svg'.length);
      const svg = ICON_NAME.test(name) ? (await contentIcons(db)).get(name) : undefined;
      if (!svg) throw errors.notFound();
      return reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', ICON_CACHE).send(svg);
    },
  );

  app.get(
    '/sets/:id',
    {
      // The first request of a listening set synthesises its audio; later ones read the cache.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      onRequest: app.optionalUser,
      schema: { params: setIdParam, querystring: language, response: { 200: hskSetSchema } },
    },
    async (req) => {
      const set = await findSet(db, req.params.id);
      if (!set) throw errors.notFound('test_not_found');
      const lang = req.query.language;
      const audio = await audioFor(tts, spokenTexts(set.items), req.log);
      return {
        success: true as const,
        data: {
          id: set.id,
          level: set.level,
          section: set.section,
          number: set.number,
          title: set.title[lang],
          instructions: set.instructions[lang],
          time_limit: set.timeLimit,
          max_score: maxScoreOf(set.items),
          items: set.items.map((item, i) => publicItem(item, i, lang, audio)),
        },
      };
    },
  );

  // Guests are scored too (practice needs no account) but only signed-in users' attempts are saved.
  app.post(
    '/sets/:id/attempts',
    {
      config: { rateLimit: learnerRouteLimit(app.config, 30) },
      onRequest: app.optionalUser,
      schema: { params: setIdParam, body: hskAttemptBody, response: { 200: hskAttemptSchema } },
    },
    async (req) => {
      const set = await findSet(db, req.params.id);
      if (!set) throw errors.notFound('test_not_found');
      const { answers, language: lang, mode, duration_s } = req.body;
      const issues = answerIssues(set, answers);
      if (issues.length) throw errors.badRequest('validation_failed', issues);
      if (set.items.every((item) => normaliseGiven(item, answers[item.id]) === null))
        throw errors.badRequest('hsk_no_answers');
      const scores = await scoreAnswers(app.feedbackEngine, set, answers, lang);
      const score = scores.reduce((sum, s) => sum + s.points, 0);
      const maxScore = maxScoreOf(set.items);
      const result = { mode, duration_s: duration_s ?? null, language: lang, items: scores };
      const saved = req.user
        ? await saveAttempt(db, { userId: req.user.id, setId: set.id, answers, score, maxScore, result })
        : null;
      // Items answered wrong wait in the learner's review (decision 018).
      if (saved && req.user) await cardsFromHskAttempt(db, req.user.id, set.id, set.items, scores, req.log);
      return {
        success: true as const,
        data: attemptResult(
          set,
          { id: saved?.id ?? null, createdAt: saved?.createdAt ?? null, score, maxScore, result },
          lang,
        ),
      };
    },
  );

  app.get(
    '/attempts',
    {
      onRequest: app.requireUser,
      schema: { querystring: hskAttemptsQuery, response: { 200: hskAttemptsSchema } },
    },
    async (req) => {
      const user = signedInUser(req);
      const { page, page_size, language: lang } = req.query;
      const { rows, total } = await attemptsPage(db, user.id, page, page_size);
      return {
        success: true as const,
        data: rows.map(({ attempt, set }) => {
          const percent = hskPercent(attempt.score, attempt.maxScore);
          return {
            id: attempt.id,
            set_id: attempt.setId,
            level: set.level,
            section: set.section,
            number: set.number,
            title: set.title[lang],
            mode: attempt.result.mode,
            score: attempt.score,
            max_score: attempt.maxScore,
            percent,
            passed: percent >= HSK_PASS_PERCENT,
            duration_s: attempt.result.duration_s,
            created_at: attempt.createdAt.toISOString(),
          };
        }),
        pagination: paginate(page, page_size, total),
      };
    },
  );

  app.get(
    '/attempts/:id',
    {
      onRequest: app.requireUser,
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: language,
        response: { 200: hskAttemptSchema },
      },
    },
    async (req) => {
      const user = signedInUser(req);
      const attempt = await findAttempt(db, user.id, req.params.id);
      const set = attempt ? await findSet(db, attempt.setId) : null;
      if (!attempt || !set) throw errors.notFound();
      return { success: true as const, data: attemptResult(set, attempt, req.query.language) };
    },
  );

  app.get(
    '/:level/:section',
    {
      onRequest: app.optionalUser,
      schema: {
        params: z.object({ level: hskLevelParam, section: z.enum(HSK_SECTIONS) }),
        querystring: language.merge(hskSyllabusQuery),
        response: { 200: hskSetListSchema },
      },
    },
    async (req) => {
      const { level, section } = req.params;
      if (!hskSections(level).includes(section)) throw errors.notFound();
      const { language: lang, syllabus } = req.query;
      const sets = await setsOf(db, syllabus ?? SYLLABUS_UNSPECIFIED, level, section);
      const latest = await latestAttempts(
        db,
        req.user?.id ?? null,
        sets.map((s) => s.id),
      );
      return {
        success: true as const,
        ...(syllabus ? { syllabus } : {}),
        data: sets.map((s) => {
          const last = latest.get(s.id);
          return {
            id: s.id,
            level: s.level,
            section: s.section,
            number: s.number,
            title: s.title[lang],
            instructions: s.instructions[lang],
            time_limit: s.timeLimit,
            item_count: s.items.length,
            max_score: maxScoreOf(s.items),
            types: [...new Set(s.items.map((i) => i.type))],
            last_attempt: last
              ? {
                  id: last.id,
                  percent: hskPercent(last.score, last.maxScore),
                  created_at: last.createdAt.toISOString(),
                }
              : null,
          };
        }),
      };
    },
  );
};
