import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statfs } from 'node:fs/promises';
import { healthResponseSchema, recognitionState } from '@kouyu/core';
import type { Health } from '@kouyu/core';
import { answerAudioBytes } from '../../../speech/voice/answer-audio.js';
import { pingDatabase } from '../../../db/client.js';
import { bearer, userOfToken } from '../../../plugins/auth.js';

const started = Date.now();

/** Latency probe and health report. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'HEAD',
    url: '/ping',
    config: { rateLimit: false },
    handler: async (_req, reply) => reply.code(204).header('Cache-Control', 'no-store').send(),
  });

  /** The answer store's bytes against its budget, and the data disk's free space (null if unknown). */
  async function diskUse(): Promise<Health['disk']> {
    const free = await statfs(app.config.dataDir).then(
      (s) => s.bavail * s.bsize,
      () => null,
    );
    return {
      answers_bytes: await answerAudioBytes(app.database.db).catch(() => -1),
      answers_budget_bytes: app.config.ANSWER_AUDIO_BUDGET_BYTES,
      free_bytes: free,
    };
  }

  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (req, reply) => {
      // Engines, versions and disk use help an attacker pick known flaws and see what is left to fill:
      // only an admin sees them; anyone else learns whether it is up and whether speech can be
      // recognised. A bad token is simply not an admin here: a load balancer's probe sends none.
      const token = bearer(req);
      const admin = token ? (await userOfToken(app, token))?.userLevel === 'admin' : false;
      let database: Health['database'];
      try {
        database = { ok: true, driver: app.database.driver, latency_ms: await pingDatabase(app.database.db) };
      } catch {
        database = { ok: false, driver: app.database.driver, latency_ms: -1 };
      }
      const cache = { ok: await app.kv.ping(), driver: app.kv.driver };
      const ok = database.ok && cache.ok;
      const engines = Object.fromEntries(
        await Promise.all(
          app.engineReports.map(async (report) => {
            const r = await report();
            return [r.kind, r] as const;
          }),
        ),
      );
      const recognition = recognitionState(engines['asr']);
      if (!admin) {
        return reply
          .code(ok ? 200 : 503)
          .header('Cache-Control', 'no-store')
          .send({ status: ok ? ('ok' as const) : ('degraded' as const), recognition });
      }
      const health: Health = {
        status: ok ? 'ok' : 'degraded',
        version: app.appVersion,
        uptime_s: Math.round((Date.now() - started) / 1000),
        database,
        cache,
        engines: Object.fromEntries(
          Object.entries(engines).map(([k, v]) => [
            k,
            { name: v.name, ready: v.ready, ...(v.detail ? { detail: v.detail } : {}) },
          ]),
        ),
        disk: await diskUse(),
      };
      return reply
        .code(ok ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send({ ...health, recognition });
    },
  );
};
