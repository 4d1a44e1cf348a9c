import { useCallback, useEffect, useState } from 'react';
import { logDebug } from '@/lib/debug-log';
import { closeStream, MicError, openMicrophone } from './microphone';
import type { MicErrorKind } from './microphone';

/** Microphone permission states of spec 001 §3, plus the other failures of §8. */
export type MicPermission =
  'unknown' | 'prompt' | 'granted' | 'denied' | 'not-found' | 'in-use' | 'unsupported' | 'failed';

const fromError = (kind: MicErrorKind): MicPermission =>
  kind === 'denied' ? 'denied' : kind === 'not_found' ? 'not-found' : kind === 'in_use' ? 'in-use' : kind;

/** Follows the microphone permission and asks for it; a grant made in browser settings is picked up too. */
export function useMicPermission() {
  const [state, setState] = useState<MicPermission>('unknown');

  useEffect(() => {
    let status: PermissionStatus | null = null;
    let live = true;
    const read = () => {
      if (status && live)
        setState(status.state === 'granted' ? 'granted' : status.state === 'denied' ? 'denied' : 'prompt');
    };
    if (!navigator.permissions?.query) {
      setState('prompt');
      return;
    }
    navigator.permissions
      .query({ name: 'microphone' })
      .then((s) => {
        status = s;
        read();
        s.addEventListener('change', read);
      })
      // Browsers that cannot query the microphone (older Firefox) just ask when needed.
      .catch(() => live && setState('prompt'));
    return () => {
      live = false;
      status?.removeEventListener('change', read);
    };
  }, []);

  /** Opens and closes the microphone once, which shows the browser's prompt; resolves with the outcome. */
  const request = useCallback(async (): Promise<MicPermission> => {
    try {
      closeStream(await openMicrophone());
      setState('granted');
      return 'granted';
    } catch (err) {
      const next = fromError(err instanceof MicError ? err.kind : 'failed');
      logDebug('mic', 'error', `microphone unavailable: ${next}`);
      setState(next);
      return next;
    }
  }, []);

  return { state, request };
}
