import type { Kv } from './kv.js';
import type { Counted } from './global-rate-limit.js';

/**
 * The route a store's `child` counts for: the plugin passes its merged settings, whose `routeInfo` is
 * the route (its typings say the route options themselves).
 */
function routeOf(params: object): string {
  const info: unknown = 'routeInfo' in params ? params.routeInfo : params;
  if (typeof info !== 'object' || info === null) return '';
  const method = 'method' in info ? String(info.method) : '';
  const url = 'url' in info ? String(info.url) : '';
  return `${method}${url}`;
}

/**
 * A store for @fastify/rate-limit's per-route limits in the Kv store (the database's `kv_entries`
 * without Redis), so the limits on sign-in, registration and codes per address neither reset when the
 * server restarts nor differ between instances (decision 023). With Redis the plugin's own Redis store
 * is used; this one is for the database. The keys are those the plugin's Redis store would use.
 */
export function kvRateLimitStore(kv: Kv, nameSpace: string) {
  return class KvRateLimitStore {
    readonly prefix: string;

    // The plugin constructs the root store with its settings object; children get their key prefix.
    constructor(_settingsOrPrefix?: unknown) {
      this.prefix = typeof _settingsOrPrefix === 'string' ? _settingsOrPrefix : nameSpace;
    }

    incr(key: string, cb: (err: Error | null, res?: Counted) => void, timeWindow: number, max: number) {
      const k = this.prefix + key;
      kv.incr(k, timeWindow)
        .then(async (current) => {
          // The time left is only told with a refusal: one query fewer on every allowed request.
          const ttl = current > max ? await kv.ttl(k) : timeWindow;
          cb(null, { current, ttl });
        })
        .catch((err: unknown) => cb(err instanceof Error ? err : new Error(String(err))));
    }

    child(params: object) {
      return new KvRateLimitStore(`${this.prefix}${routeOf(params)}-`);
    }
  };
}
