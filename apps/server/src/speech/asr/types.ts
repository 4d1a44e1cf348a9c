import { ASR_SAMPLE_RATE } from '@kouyu/core';

/** Why recognition failed; the routes turn each kind into a client-facing code. */
export type AsrErrorKind =
  | 'unavailable'
  | 'auth'
  | 'bad_request'
  | 'empty_audio'
  | 'bad_audio'
  | 'timeout'
  | 'upstream'
  | 'protocol'
  | 'aborted';

/** A recognition failure with a message an operator can act on. */
export class AsrError extends Error {
  constructor(
    readonly kind: AsrErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AsrError';
  }
}

/** Wraps anything thrown into an AsrError, keeping AsrErrors as they are. */
export function toAsrError(err: unknown, kind: AsrErrorKind = 'upstream'): AsrError {
  if (err instanceof AsrError) return err;
  return new AsrError(kind, err instanceof Error ? err.message : String(err), { cause: err });
}

export interface AsrStreamOptions {
  sampleRate: typeof ASR_SAMPLE_RATE;
  language: 'zh';
}

/** One utterance being recognised while it is spoken. */
export interface AsrStream {
  /** Queues 16-bit mono PCM at the stream's sample rate. */
  write(pcm: Int16Array): void;
  /** Ends the audio and resolves with the final text (rejects with the stream's error). */
  finish(): Promise<string>;
  /** Receives the running text of the utterance so far. */
  onPartial(cb: (text: string) => void): void;
  /** Receives the first error, once; `finish` rejects with the same error. */
  onError(cb: (err: AsrError) => void): void;
  /** Drops the stream and its connection without waiting for a result. */
  abort(): void;
}

export interface EngineReadiness {
  ready: boolean;
  detail?: string;
}

/** A speech recognition engine (spec 001: Mandarin, 16 kHz mono PCM). */
export interface AsrEngine {
  readonly name: string;
  ready(): Promise<EngineReadiness>;
  startStream(opts: AsrStreamOptions): AsrStream;
  /** Recognises a whole recording at any sample rate. */
  transcribe(pcm: Int16Array, sampleRate: number): Promise<string>;
}

export const STREAM_OPTIONS: AsrStreamOptions = { sampleRate: ASR_SAMPLE_RATE, language: 'zh' };
