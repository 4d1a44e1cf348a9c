import { useEffect, useState } from 'react';
import { PING_INTERVAL_MS, PING_TIMEOUT_MS, networkQuality } from '@kouyu/core';
import type { NetworkQuality } from '@kouyu/core';
import { API_BASE } from './api';
import { logDebug } from './debug-log';

/** Time of one `HEAD /ping` in ms, or null when it failed or took longer than 5 s. */
export async function pingLatency(): Promise<number | null> {
  const started = performance.now();
  try {
    const res = await fetch(`${API_BASE}/ping`, {
      method: 'HEAD',
      cache: 'no-store',
      signal: AbortSignal.timeout(PING_TIMEOUT_MS),
    });
    return res.ok ? performance.now() - started : null;
  } catch {
    return null;
  }
}

/** Network quality from a ping every 30 s; recognition sizes its audio and timeouts by it. */
export function useNetworkQuality(): NetworkQuality {
  const [quality, setQuality] = useState<NetworkQuality>('good');
  useEffect(() => {
    let live = true;
    const probe = async () => {
      const latency = await pingLatency();
      const quality = networkQuality(latency);
      logDebug(
        'network',
        quality === 'good' ? 'info' : 'warn',
        `ping ${latency === null ? 'failed' : `${Math.round(latency)} ms`}: ${quality}`,
      );
      if (live) setQuality(quality);
    };
    void probe();
    const timer = setInterval(() => void probe(), PING_INTERVAL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return quality;
}
