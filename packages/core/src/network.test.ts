import { describe, expect, it } from 'vitest';
import { RECOGNITION_AUDIO, networkQuality, transcriptionTimeoutMs } from './network.js';

describe('network quality', () => {
  it('grades latency: under 200 good, over 500 fair, over 1000 poor', () => {
    expect(networkQuality(20)).toBe('good');
    expect(networkQuality(199)).toBe('good');
    expect(networkQuality(500)).toBe('good');
    expect(networkQuality(501)).toBe('fair');
    expect(networkQuality(1000)).toBe('fair');
    expect(networkQuality(1001)).toBe('poor');
  });
  it('counts a failed or timed-out ping as poor', () => {
    expect(networkQuality(null)).toBe('poor');
    expect(networkQuality(Number.NaN)).toBe('poor');
    expect(networkQuality(5000)).toBe('poor');
  });
  it('stretches the transcription timeout 1.5x on fair and 2x on poor', () => {
    expect(transcriptionTimeoutMs('good')).toBe(15_000);
    expect(transcriptionTimeoutMs('fair')).toBe(22_500);
    expect(transcriptionTimeoutMs('poor')).toBe(30_000);
  });
  it('sends smaller, denser audio on a poor network', () => {
    expect(RECOGNITION_AUDIO.good).toEqual({ sampleRate: 16000, blockSize: 1600, silenceMs: 600 });
    expect(RECOGNITION_AUDIO.fair).toEqual({ sampleRate: 16000, blockSize: 2400, silenceMs: 800 });
    expect(RECOGNITION_AUDIO.poor).toEqual({ sampleRate: 8000, blockSize: 3200, silenceMs: 1000 });
  });
});
