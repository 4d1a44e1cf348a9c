/** Options of one synthesis. */
export interface SynthesizeOptions {
  /** Engine-specific voice name; the engine's default when absent. */
  voice?: string;
  /** Speaking rate, 1 = normal (0.5..2). */
  rate?: number;
  /** Stops the synthesis (closing a process or a vendor socket) when aborted. */
  signal?: AbortSignal;
}

/** What an engine says about itself for the health report. */
export interface EngineStatus {
  ready: boolean;
  detail?: string;
}

/** A speech synthesiser: 16-bit mono PCM at TTS_SAMPLE_RATE, yielded in chunks as it is produced. */
export interface TtsEngine {
  readonly name: string;
  /** The voice used when none is asked for (part of the cache key). */
  readonly voice: string;
  ready(): Promise<EngineStatus>;
  synthesize(text: string, opts?: SynthesizeOptions): AsyncIterable<Int16Array>;
}

/** A synthesis failure with a code a client can act on (vendor codes are passed through). */
export class TtsError extends Error {
  constructor(
    message: string,
    readonly code = 'tts_failed',
  ) {
    super(message);
    this.name = 'TtsError';
  }
}

/** Accepted speaking rates. */
export const TTS_RATE_MIN = 0.5;
export const TTS_RATE_MAX = 2;

/** The rate clamped to the accepted range (1 when absent). */
export function clampRate(rate: number | undefined): number {
  if (rate === undefined || !Number.isFinite(rate)) return 1;
  return Math.min(TTS_RATE_MAX, Math.max(TTS_RATE_MIN, rate));
}
