import type { FeedbackPayload } from '@kouyu/core';
import { ApiError, freshToken, renewedToken } from '@/lib/api';
import { prepareFeedback } from '../api/prepare-feedback';
import {
  FEEDBACK_WS_PATH,
  FeedbackError,
  feedbackQuery,
  needsPreparedSession,
  streamFeedback,
} from './feedback-stream';
import type { FeedbackFailure, SavedFeedback } from './feedback-stream';
import { browserSocket } from '@/lib/audio/socket';
import { wsUrl } from '@/lib/audio/ws-url';

/** True when the feedback server refused the caller's token (the client refreshes and retries). */
function isAuthRefusal(failure: FeedbackFailure): boolean {
  return (
    (failure.kind === 'server' || failure.kind === 'prepare') &&
    (failure.code === 'token_expired' || failure.code === 'not_authenticated')
  );
}

export interface FeedbackRequestOptions {
  /** The payload without a token: a fresh one is added for each attempt. */
  payload: FeedbackPayload;
  signedIn: boolean;
  fullTest: boolean;
  signal: AbortSignal;
  /** Called with each chunk; `restart` first when a retry streams the review again. */
  onChunk: (text: string) => void;
  onRestart?: () => void;
}

/**
 * One answer's feedback over the socket (spec 001 §7): the query form, or a prepared session when
 * the URL would be too long and always for full tests. Each answer asks for a token of its own (a
 * long test outlives one); when the server still refuses it (4401), the session is renewed once and
 * the answer asked again.
 */
export async function requestFeedback(opts: FeedbackRequestOptions): Promise<SavedFeedback | null> {
  const attempt = async (token: string | null) => {
    const payload: FeedbackPayload = token ? { ...opts.payload, token } : opts.payload;
    let url = wsUrl(FEEDBACK_WS_PATH, feedbackQuery(payload));
    // An empty answer (a recording only) cannot travel in the query, where empty fields count as absent.
    if (needsPreparedSession(url, opts.fullTest) || payload.user_answers === '') {
      // Spec 001 §8 names one message for this step, whether the server refused it or never answered.
      const sessionId = await prepareFeedback(payload).catch((err: unknown) => {
        throw new FeedbackError({ kind: 'prepare', code: err instanceof ApiError ? err.code : null });
      });
      url = wsUrl(FEEDBACK_WS_PATH, { session_id: sessionId });
    }
    return streamFeedback({ url, socket: browserSocket, signal: opts.signal, onChunk: opts.onChunk });
  };
  // Offline, no socket is opened at all: one opened then may neither connect nor fail (a test's
  // emulated offline leaves it pending), and the run keeps the answer on the device at once instead.
  if (isOffline()) throw new FeedbackError({ kind: 'connection' });
  const token = opts.signedIn ? await freshToken() : null;
  return attempt(token)
    .catch(async (err: unknown) => {
      // A socket closed before the review ended (an instance restarting in a deploy, a dropped
      // connection): one more try soon, which a load balancer sends to an instance that is up.
      // Offline, a retry cannot help: the run keeps the answer on the device at once.
      if (
        !(err instanceof FeedbackError) ||
        err.failure.kind !== 'connection' ||
        opts.signal.aborted ||
        isOffline()
      )
        throw err;
      await new Promise((resolve) => setTimeout(resolve, FEEDBACK_RECONNECT_DELAY_MS));
      opts.onRestart?.();
      return attempt(opts.signedIn ? await freshToken() : null);
    })
    .catch(async (err: unknown) => {
      if (!opts.signedIn || !(err instanceof FeedbackError) || !isAuthRefusal(err.failure)) throw err;
      const renewed = await renewedToken();
      if (!renewed) throw err;
      opts.onRestart?.();
      return attempt(renewed);
    });
}

/** True when the browser knows it is offline. */
const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/** Wait before the one reconnect after a feedback socket closed early. */
const FEEDBACK_RECONNECT_DELAY_MS = 1_000;

/**
 * Failures worth another try later (offline, the server down or restarting, the session to renew),
 * as opposed to refusals that will not change (no access, bad input).
 */
export function isRetryable(failure: FeedbackFailure): boolean {
  if (failure.kind === 'connection') return true;
  if (failure.kind !== 'server' && failure.kind !== 'prepare') return false;
  return (
    failure.code === null ||
    failure.code === 'internal' ||
    failure.code === 'feedback_failed' ||
    failure.code === 'service_unavailable' ||
    failure.code === 'rate_limited' ||
    failure.code === 'token_expired' ||
    failure.code === 'not_authenticated'
  );
}
