import type { ANALYTICS_GOALS } from '@kouyu/core';

type AnalyticsEvent =
  | { type: 'goal'; goal: (typeof ANALYTICS_GOALS)[keyof typeof ANALYTICS_GOALS] }
  | { type: 'api_error'; path: string; status: number; code: string };

type Sink = (event: AnalyticsEvent) => void;

let sink: Sink | null = null;

/** Installs the analytics sink; without one, events are dropped (nothing is sent anywhere). */
export function setAnalyticsSink(next: Sink | null): void {
  sink = next;
}

/** Records an event when analytics is configured. */
export function track(event: AnalyticsEvent): void {
  sink?.(event);
}
