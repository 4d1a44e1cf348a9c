import { useCallback, useEffect, useRef, useState } from 'react';
import { CHECK_PINGS, networkCheck } from '../lib/speech-check';
import type { NetworkCheck } from '../lib/speech-check';
import { pingLatency } from '@/lib/use-network-quality';

/**
 * The network step: a few `HEAD /ping` probes, the very probe the speech client times, judged by
 * the same quality rule; runs once on arrival and again on demand.
 */
export function useNetworkCheck() {
  const [samples, setSamples] = useState<(number | null)[]>([]);
  const [running, setRunning] = useState(false);
  const runs = useRef(0);

  const run = useCallback(async () => {
    const mine = ++runs.current;
    setRunning(true);
    setSamples([]);
    const got: (number | null)[] = [];
    for (let i = 0; i < CHECK_PINGS; i++) {
      got.push(await pingLatency());
      if (mine !== runs.current) return;
      setSamples([...got]);
    }
    setRunning(false);
  }, []);

  useEffect(() => {
    void run();
    const counter = runs;
    // Leaving the page cancels the pings still under way.
    return () => {
      counter.current++;
    };
  }, [run]);

  const done = !running && samples.length === CHECK_PINGS;
  const check: NetworkCheck = done ? networkCheck(samples) : 'pending';
  const last = samples.at(-1);
  return { check, running, samples, latest: last ?? null, run };
}
