import type { AnalyticsGoal } from '@kouyu/core';
import type { Db } from '../db/client.js';

/** Where goals may be forwarded: a self-hosted Plausible or Umami (never a third party by default). */
export interface ForwardTarget {
  kind: 'plausible' | 'umami';
  /** Base URL of the instance, e.g. https://stats.example.org */
  url: string;
  /** Plausible: the site's domain; Umami: the website id. */
  site: string;
  /** The page URL reported with each event (the product's public address). */
  pageUrl: string;
  timeoutMs: number;
}

// One target per database handle, so two apps in one process (tests) never share a target.
const targets = new WeakMap<Db, ForwardTarget>();

/** Sets (or, with null, clears) where goals counted in `db` are forwarded. */
export function setForwardTarget(db: Db, target: ForwardTarget | null): void {
  if (target) targets.set(db, target);
  else targets.delete(db);
}

/** The request a target expects for one goal: only the goal's name, no user, address or agent. */
export function forwardRequest(target: ForwardTarget, goal: AnalyticsGoal): { url: string; body: unknown } {
  const base = target.url.replace(/\/+$/, '');
  if (target.kind === 'plausible') {
    return { url: `${base}/api/event`, body: { name: goal, domain: target.site, url: target.pageUrl } };
  }
  const hostname = new URL(target.pageUrl).hostname;
  return {
    url: `${base}/api/send`,
    body: { type: 'event', payload: { website: target.site, name: goal, url: '/', hostname } },
  };
}

/**
 * Sends a goal to the configured instance, if any. Fire and forget: the answer to the learner never
 * waits on it, and a failure is only logged. Resolves once the attempt is over (tests await it).
 */
export function forwardGoal(db: Db, goal: AnalyticsGoal): Promise<void> {
  const target = targets.get(db);
  if (!target) return Promise.resolve();
  const { url, body } = forwardRequest(target, goal);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'kouyu-server' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(target.timeoutMs),
  })
    .then((res) => {
      if (!res.ok) console.error(`analytics: forwarding ${goal} answered ${res.status}`);
    })
    .catch((err: unknown) => {
      console.error(
        `analytics: forwarding ${goal} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    });
}
