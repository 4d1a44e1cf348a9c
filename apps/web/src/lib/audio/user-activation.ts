import { USER_ACTIVATION_WINDOW_MS } from '@kouyu/core';

let lastGesture = 0;
let installed = false;

/** Starts noting user gestures (clicks, taps, keys); idempotent. */
export function trackUserGestures(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const note = () => {
    lastGesture = Date.now();
  };
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
    window.addEventListener(type, note, { capture: true, passive: true });
  }
}

/** Whether the learner touched the page in the last 5 s: browsers only start audio after a gesture. */
export function hasRecentGesture(now: number = Date.now()): boolean {
  return now - lastGesture <= USER_ACTIVATION_WINDOW_MS;
}
