import { useCallback, useEffect, useRef, useState } from 'react';
import { WARNING_DISPLAY_MS } from '@kouyu/core';

export type WarningKey =
  'audioPlaying' | 'recording' | 'submitting' | 'playAllAudio' | 'answerAll' | 'timesUp' | 'resultsFailed';

/** A transient warning above the next button, shown for 3 s (spec 001 §2); a new one replaces it. */
export function useWarning(): {
  warning: WarningKey | null;
  show: (key: WarningKey) => void;
  clear: () => void;
} {
  const [warning, setWarning] = useState<WarningKey | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setWarning(null);
  }, []);
  const show = useCallback((key: WarningKey) => {
    if (timer.current) clearTimeout(timer.current);
    setWarning(key);
    timer.current = setTimeout(() => {
      timer.current = null;
      setWarning(null);
    }, WARNING_DISPLAY_MS);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { warning, show, clear };
}
