import type { FastifyInstance } from 'fastify';
import { ErrorCounter, countApiErrors } from './errors.js';
import { setForwardTarget } from './forward.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed API calls by code, written to the database every few seconds. */
    errorCounter: ErrorCounter;
  }
}

/** Analytics: counted API errors, and forwarding of goals to a self-hosted Plausible or Umami when configured. */
export function registerAnalytics(app: FastifyInstance): void {
  const { config } = app;
  const db = app.database.db;
  if (config.ANALYTICS_FORWARD !== 'none') {
    if (!config.ANALYTICS_FORWARD_URL || !config.ANALYTICS_SITE) {
      throw new Error(
        `ANALYTICS_FORWARD=${config.ANALYTICS_FORWARD} needs ANALYTICS_FORWARD_URL and ANALYTICS_SITE`,
      );
    }
    setForwardTarget(db, {
      kind: config.ANALYTICS_FORWARD,
      url: config.ANALYTICS_FORWARD_URL,
      site: config.ANALYTICS_SITE,
      pageUrl: config.PUBLIC_URL ?? 'http://localhost/',
      timeoutMs: 5_000,
    });
  } else {
    setForwardTarget(db, null);
  }
  const counter = new ErrorCounter(db);
  app.decorate('errorCounter', counter);
  countApiErrors(app, counter);
}
