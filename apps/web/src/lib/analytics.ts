import { trackingRefused } from '@kouyu/core';
import type { ANALYTICS_GOALS } from '@kouyu/core';

/**
 * Client-side analytics hook. The goals and failed API calls are counted by the server itself
 * (`apps/server/src/analytics`), so by default the browser sends nothing of its own. A sink installed
 * here (for example a self-hosted Plausible script) only ever receives events when the browser has not
 * asked not to be tracked (Do-Not-Track or Global Privacy Control).
 */
type AnalyticsEvent =
  | { type: 'goal'; goal: (typeof ANALYTICS_GOALS)[keyof typeof ANALYTICS_GOALS] }
  | { type: 'api_error'; path: string; status: number; code: string };

type Sink = (event: AnalyticsEvent) => void;

let sink: Sink | null = null;

/** Whether this browser allows client-side tracking (no DNT, no GPC). */
export function trackingAllowed(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  const gpc: unknown = Reflect.get(nav, 'globalPrivacyControl');
  return !trackingRefused({
    doNotTrack: nav.doNotTrack,
    globalPrivacyControl: typeof gpc === 'boolean' ? gpc : null,
  });
}

/** Installs the analytics sink; without one, events are dropped (nothing is sent anywhere). */
export function setAnalyticsSink(next: Sink | null): void {
  sink = next;
}

/** Hands an event to the sink, if one is installed and the browser allows tracking. */
export function track(event: AnalyticsEvent): void {
  if (sink && trackingAllowed()) sink(event);
}
