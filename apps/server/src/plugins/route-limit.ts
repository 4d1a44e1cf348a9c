import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The global limit the per-route limits were chosen against (RATE_LIMIT_PER_MINUTE's default). */
const DEFAULT_GLOBAL_PER_MINUTE = 600;

/**
 * A stricter per-route limit, scaled with RATE_LIMIT_PER_MINUTE: an operator who raises the global
 * limit (a school behind one address, a load test) raises these in proportion instead of hitting a
 * fixed 120 a minute; at the default it is `perMinute` unchanged.
 */
export function scaledRouteLimit(config: Pick<Config, 'RATE_LIMIT_PER_MINUTE'>, perMinute: number): number {
  return Math.max(1, Math.round((perMinute * config.RATE_LIMIT_PER_MINUTE) / DEFAULT_GLOBAL_PER_MINUTE));
}

/**
 * A per-route limit for what a learner saves (results, attempts, dictation), scaled like the others and
 * counted per signed-in learner rather than per address: a class behind one school router saving its
 * results in the same minute is many learners, not one client. It is checked after the route's auth
 * hook (which refuses a request without a valid token before any work), so the learner is known; a
 * guest, where the route takes guests, is counted by address.
 */
export function learnerRouteLimit(config: Pick<Config, 'RATE_LIMIT_PER_MINUTE'>, perMinute: number) {
  return {
    max: scaledRouteLimit(config, perMinute),
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => (req.user ? `learner:${req.user.id}` : (req.ip ?? 'unknown')),
  };
}
