import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

// The end of the current wait lives outside the modal, so closing and reopening it keeps the countdown.
let endsAt = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => endsAt;

/** Seconds left before the next feedback message may be sent; `start(n)` begins a wait of n seconds. */
export function useCooldown() {
  const end = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (end <= now) return;
    const id = window.setTimeout(() => setNow(Date.now()), Math.min(1000, end - now));
    return () => window.clearTimeout(id);
  }, [end, now]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    endsAt = seconds > 0 ? t + seconds * 1000 : 0;
    for (const l of listeners) l();
  }, []);

  return { seconds: Math.max(0, Math.ceil((end - now) / 1000)), start };
}

/** Ends any wait at once (tests start each case without one). */
export function resetCooldown(): void {
  endsAt = 0;
  for (const l of listeners) l();
}
