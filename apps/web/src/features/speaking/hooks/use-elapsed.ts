import { useEffect, useState } from 'react';

/** Seconds since `since` (null: 0), ticking while `running`. */
export function useElapsed(since: number | null, running: boolean, until: number | null = null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running || since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running, since]);
  if (since === null) return 0;
  return Math.max(0, Math.floor(((until ?? now) - since) / 1000));
}
