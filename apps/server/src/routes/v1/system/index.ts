import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@kouyu/core';
import type { Health } from '@kouyu/core';
import { pingDatabase } from '../../../db/client.js';
import { bearerClaims } from '../../../accounts/tokens.js';
import { findUserById } from '../../../accounts/users.js';

const started = Date.now();

/** Latency probe and health report. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'HEAD',
    url: '/ping',
    config: { rateLimit: false },
    handler: async (_req, reply) => reply.code(204).header('Cache-Control', 'no-store').send(),
  });

  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (req, reply) => {
      // The version helps an attacker pick known flaws: only an admin sees it (issue 17). A bad token
      // is simply not an admin here: a load balancer's probe sends none.
      const claims = await bearerClaims(app.config.jwtSecret, req.headers.authorization);
      const admin = claims ? (await findUserById(app.database.db, claims.userId))?.userLevel === 'admin' : false;
      let database: Health['database'];
      try {
        database = { ok: true, driver: app.database.driver, latency_ms: await pingDatabase(app.database.db) };
      } catch {
        database = { ok: false, driver: app.database.driver, latency_ms: -1 };
      }
      const cache = { ok: await app.kv.ping(), driver: app.kv.driver };
      const engines = Object.fromEntries(
        await Promise.all(
          app.engineReports.map(async (report) => {
            const r = await report();
            return [r.kind, r] as const;
          }),
        ),
      );
      const ok = database.ok && cache.ok;
      const health: Health = {
        status: ok ? 'ok' : 'degraded',
        ...(admin ? { version: app.appVersion } : {}),
        uptime_s: Math.round((Date.now() - started) / 1000),
        database,
        cache,
        engines: Object.fromEntries(
          Object.entries(engines).map(([k, v]) => [
            k,
            { name: v.name, ready: v.ready, ...(v.detail ? { detail: v.detail } : {}) },
          ]),
        ),
      };
      return reply
        .code(ok ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send(health);
    },
  );
};
