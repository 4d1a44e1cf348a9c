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
