import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Seconds left until `deadline` (epoch ms), ticking every second; `onExpire` runs once at zero.
 * Counting against a deadline keeps the clock right when a background tab throttles timers.
 */
export function useCountdown(deadline: number | null, onExpire: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const expire = useEffectEvent(onExpire);

  useEffect(() => {
    if (deadline === null) return;
    let fired = false;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline && !fired) {
        fired = true;
        expire();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}
