import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a cooldown the server gave; `start(n)` (re)starts it, 0 means none. */
export function useCountdown(initialSeconds = 0) {
  const [until, setUntil] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= now) return;
    const id = window.setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => window.clearTimeout(id);
  }, [until, now]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(seconds > 0 ? t + seconds * 1000 : 0);
  }, []);

  return { seconds: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
