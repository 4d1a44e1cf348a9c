import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_CHANGE_EVENT } from '@/lib/session';
import { PENDING_SENT_EVENT, dropPending, pendingRuns } from '../lib/pending-runs';
import { NotSentYet, sendPendingRun } from '../lib/send-pending';

const LOCK = 'kouyu-pending-runs';

/** Runs `fn` alone across tabs (two tabs must not send one run twice). */
async function alone(fn: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return fn();
  await navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await fn();
  });
}

/**
 * Sends the runs kept on this device for a signed-in user: at once, when the browser is back
 * online and when the learner signs in again. Each sent run is announced with PENDING_SENT_EVENT.
 */
export function usePendingRuns(userId: number | null) {
  const client = useQueryClient();
  const flush = useCallback(async () => {
    if (userId === null || !navigator.onLine) return;
    await alone(async () => {
      for (const run of await pendingRuns(userId)) {
        try {
          const sent = await sendPendingRun(run, new AbortController().signal);
          if (run.key !== undefined) await dropPending(run.key);
          window.dispatchEvent(new CustomEvent(PENDING_SENT_EVENT, { detail: sent }));
          void client.invalidateQueries({ queryKey: ['results'] });
        } catch (err) {
          if (err instanceof NotSentYet) return;
          throw err;
        }
      }
    }).catch(() => undefined);
  }, [userId, client]);

  useEffect(() => {
    const run = () => void flush();
    run();
    window.addEventListener('online', run);
    window.addEventListener(AUTH_CHANGE_EVENT, run);
    return () => {
      window.removeEventListener('online', run);
      window.removeEventListener(AUTH_CHANGE_EVENT, run);
    };
  }, [flush]);

  return { flush };
}
