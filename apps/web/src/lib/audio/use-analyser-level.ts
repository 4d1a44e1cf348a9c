import { useEffect, useState } from 'react';
import { meterLevel } from './level';

/** How often the meter reads the microphone: ten times a second looks live and costs little. */
const METER_INTERVAL_MS = 100;

/** The level (0-1) of an analyser's input, read ten times a second; 0 without an analyser. */
export function useAnalyserLevel(analyser: AnalyserNode | null): number {
  const [reading, setReading] = useState<{ analyser: AnalyserNode | null; level: number }>({
    analyser: null,
    level: 0,
  });
  useEffect(() => {
    if (!analyser) return;
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      setReading({ analyser, level: meterLevel(samples) });
    }, METER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [analyser]);
  // A reading of the previous analyser is stale the moment the analyser changes.
  return analyser !== null && reading.analyser === analyser ? reading.level : 0;
}
