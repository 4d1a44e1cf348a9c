/** Test signals and the measurement the stand-in servers answer with. */

/** A sine tone as 16-bit PCM. */
export function tone(hz: number, seconds: number, sampleRate: number, amplitude = 0.5): Int16Array {
  const out = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * amplitude * 32767);
  return out;
}

/**
 * Estimates the frequency of a (mostly) pure tone from its zero crossings, skipping a little at
 * each end where codecs and filters ramp in.
 */
export function dominantHz(pcm: ArrayLike<number>, sampleRate: number): number {
  const skip = Math.min(Math.floor(sampleRate / 20), Math.floor(pcm.length / 4));
  let crossings = 0;
  for (let i = skip + 1; i < pcm.length - skip; i++) {
    if ((pcm[i - 1] ?? 0) < 0 !== (pcm[i] ?? 0) < 0) crossings++;
  }
  const seconds = (pcm.length - 2 * skip - 1) / sampleRate;
  return seconds > 0 ? Math.round(crossings / 2 / seconds) : 0;
}

/** What every stand-in says back about the audio it received: proof that the audio went through. */
export function describeAudio(pcm: Int16Array, sampleRate: number): string {
  return `收到${pcm.length}个采样，${dominantHz(pcm, sampleRate)}赫兹`;
}
