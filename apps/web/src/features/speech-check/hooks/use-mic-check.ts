import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MicError,
  closeStream,
  openMicrophone,
  preferredMicrophone,
  setPreferredMicrophone,
} from '@/lib/audio/microphone';
import type { MicErrorKind } from '@/lib/audio/microphone';
import { isSpeechLevel } from '@/lib/audio/level';
import type { MicCheck } from '../lib/speech-check';
import { useAnalyserLevel } from '@/lib/audio/use-analyser-level';
import { useMicPermission } from '@/lib/audio/use-mic-permission';

export interface MicDevice {
  id: string;
  label: string;
}

type MeterStatus = 'idle' | 'opening' | 'live' | MicErrorKind;

interface Open {
  stream: MediaStream;
  ctx: AudioContext;
}

async function audioInputs(): Promise<MicDevice[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  const all = await navigator.mediaDevices.enumerateDevices();
  // Before permission browsers list inputs without ids or labels: nothing to choose from yet.
  return all
    .filter((d) => d.kind === 'audioinput' && d.deviceId !== '')
    .map((d, i) => ({ id: d.deviceId, label: d.label || `#${i + 1}` }));
}

/**
 * The microphone step: opens the microphone exactly as a recording does, meters it, notes when
 * the learner's voice was heard, and lists the inputs to pick from (the pick is kept for the test).
 */
export function useMicCheck() {
  const permission = useMicPermission();
  const [status, setStatus] = useState<MeterStatus>('idle');
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const [heard, setHeard] = useState(false);
  const [devices, setDevices] = useState<MicDevice[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(() => preferredMicrophone());
  const open = useRef<Open | null>(null);
  const generation = useRef(0);
  const level = useAnalyserLevel(analyser);

  if (!heard && status === 'live' && isSpeechLevel(level)) setHeard(true);

  const release = useCallback(() => {
    const current = open.current;
    open.current = null;
    if (!current) return;
    closeStream(current.stream);
    void current.ctx.close();
  }, []);

  /** Closes the microphone (a recording is about to open it itself). */
  const stop = useCallback(() => {
    generation.current++;
    release();
    setAnalyser(null);
    setStatus((s) => (s === 'live' || s === 'opening' ? 'idle' : s));
  }, [release]);

  const start = useCallback(
    async (id: string | null) => {
      const mine = ++generation.current;
      release();
      setAnalyser(null);
      setHeard(false);
      setStatus('opening');
      let stream: MediaStream;
      try {
        stream = await openMicrophone(id);
      } catch (err) {
        if (mine === generation.current) setStatus(err instanceof MicError ? err.kind : 'failed');
        return;
      }
      if (mine !== generation.current) return closeStream(stream);
      const ctx = new AudioContext();
      const node = ctx.createAnalyser();
      node.fftSize = 2048;
      ctx.createMediaStreamSource(stream).connect(node);
      open.current = { stream, ctx };
      // Clicking "test" is the gesture that lets the context run.
      await ctx.resume().catch(() => undefined);
      if (mine !== generation.current) return;
      setAnalyser(node);
      setStatus('live');
      setDevices(await audioInputs().catch(() => []));
    },
    [release],
  );

  const select = useCallback(
    (id: string) => {
      setPreferredMicrophone(id);
      setDeviceId(id);
      setHeard(false);
      void start(id);
    },
    [start],
  );

  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.addEventListener) return;
    const refresh = () => void audioInputs().then(setDevices, () => undefined);
    media.addEventListener('devicechange', refresh);
    return () => media.removeEventListener('devicechange', refresh);
  }, []);

  useEffect(
    () => () => {
      generation.current++;
      release();
    },
    [release],
  );

  const check: MicCheck = heard
    ? 'heard'
    : status === 'live'
      ? 'live'
      : status !== 'idle' && status !== 'opening'
        ? status
        : permission.state === 'denied'
          ? 'denied'
          : 'pending';
  const selected = devices.find((d) => d.id === deviceId)?.id ?? devices[0]?.id ?? null;

  return {
    check,
    status,
    level,
    analyser,
    devices,
    selected,
    start: () => start(deviceId),
    stop,
    select,
  };
}
