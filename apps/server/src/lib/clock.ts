/**
 * The server's idea of "now" for the study path (review scheduling, today's plan). Tests and the e2e server
 * (`TEST_CLOCK=true`) shift it with `POST /api/v1/test/clock` so a learner's "tomorrow" comes in seconds;
 * in production the offset is always zero.
 */
let offsetMs = 0;

/** The current time, shifted by the test offset. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Sets the test offset in seconds (absolute, not added to the previous one). */
export function setClockOffset(seconds: number): void {
  offsetMs = Math.round(seconds * 1000);
}

/** The test offset in seconds. */
export function clockOffset(): number {
  return offsetMs / 1000;
}
