/** The microphone level meter: what the test, the review and the speech check show while recording. */

// The meter spans 60 dB: below -60 dBFS is silence for a microphone; 0 dBFS is full scale.
const METER_FLOOR_DB = -60;
// Ordinary speech near a microphone sits around -30 to -10 dBFS, a quiet room below -50 dBFS.
const SPEECH_DB = -40;

/** Level of the meter (0-1) from time-domain samples in [-1, 1]: their RMS on a 60 dB scale. */
export function meterLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const v of samples) sum += v * v;
  const rms = Math.sqrt(sum / samples.length);
  if (rms === 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db - METER_FLOOR_DB) / -METER_FLOOR_DB));
}

/** Meter level from which the learner's voice counts as heard. */
export const SPEECH_LEVEL = (SPEECH_DB - METER_FLOOR_DB) / -METER_FLOOR_DB;

/** Whether a meter level is as loud as speech. */
export function isSpeechLevel(level: number): boolean {
  return level >= SPEECH_LEVEL;
}
