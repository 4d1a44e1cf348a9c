import { ASR_SAMPLE_RATE, PING_TIMEOUT_MS, TRANSCRIPTION_TIMEOUT_MS } from './constants.js';

/** Latency thresholds of the `HEAD /ping` probe (spec 001 §9). */
export const LATENCY_FAIR_OVER_MS = 500;
export const LATENCY_POOR_OVER_MS = 1000;
export const LATENCY_GOOD_UNDER_MS = 200;

export type NetworkQuality = 'good' | 'fair' | 'poor';

/**
 * Network quality from a ping latency: over 1000 ms poor, over 500 ms fair, else good (spec 001 §9
 * names "under 200 ms good"; 200-500 ms is not named, so it stays good). A ping that failed or timed
 * out (null) counts as poor.
 */
export function networkQuality(latencyMs: number | null): NetworkQuality {
  if (latencyMs === null || !Number.isFinite(latencyMs) || latencyMs >= PING_TIMEOUT_MS) return 'poor';
  if (latencyMs > LATENCY_POOR_OVER_MS) return 'poor';
  if (latencyMs > LATENCY_FAIR_OVER_MS) return 'fair';
  return 'good';
}

export interface RecognitionAudio {
  /** Capture rate sent to the recognition socket. */
  sampleRate: number;
  /** Samples per binary frame sent to the socket. */
  blockSize: number;
  /** Trailing silence sent before finishing, so the engine hears the end of the last word. */
  silenceMs: number;
}

/** Recognition audio per network quality (spec 001 §9): good 16 kHz/1600/600 ms, fair 16 kHz/2400/800 ms, poor 8 kHz/3200/1000 ms. */
export const RECOGNITION_AUDIO: Record<NetworkQuality, RecognitionAudio> = {
  good: { sampleRate: ASR_SAMPLE_RATE, blockSize: 1600, silenceMs: 600 },
  fair: { sampleRate: ASR_SAMPLE_RATE, blockSize: 2400, silenceMs: 800 },
  poor: { sampleRate: 8000, blockSize: 3200, silenceMs: 1000 },
};

const TIMEOUT_FACTOR: Record<NetworkQuality, number> = { good: 1, fair: 1.5, poor: 2 };

/** How long to wait for a transcript: 15 s, ×1.5 on a fair network, ×2 on a poor one. */
export function transcriptionTimeoutMs(quality: NetworkQuality): number {
  return TRANSCRIPTION_TIMEOUT_MS * TIMEOUT_FACTOR[quality];
}
