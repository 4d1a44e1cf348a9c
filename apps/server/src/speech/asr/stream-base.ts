import { ASR_SAMPLE_RATE } from '@kouyu/core';
import { resampleInt16 } from './audio.js';
import { AsrError, STREAM_OPTIONS } from './types.js';
import type { AsrEngine, AsrStream, AsrStreamOptions, EngineReadiness } from './types.js';

/** A promise with its settle functions, for results that arrive by event. */
export class Deferred<T> {
  readonly promise: Promise<T>;
  settled = false;
  private readonly settle: { resolve: (value: T) => void; reject: (err: unknown) => void };

  constructor() {
    let settle: { resolve: (value: T) => void; reject: (err: unknown) => void } = {
      resolve: () => {},
      reject: () => {},
    };
    // The executor runs synchronously, so `settle` holds the real functions before we keep it.
    this.promise = new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.settle = settle;
    // A rejection nobody awaits yet (an error before finish) must not crash the process.
    this.promise.catch(() => undefined);
  }

  resolve(value: T): void {
    this.settled = true;
    this.settle.resolve(value);
  }

  reject(err: unknown): void {
    this.settled = true;
    this.settle.reject(err);
  }
}

/** Listener plumbing and the finish/fail bookkeeping every stream shares. */
export abstract class StreamBase implements AsrStream {
  private readonly partialListeners: ((text: string) => void)[] = [];
  private readonly errorListeners: ((err: AsrError) => void)[] = [];
  protected failure: AsrError | null = null;
  protected readonly result = new Deferred<string>();
  protected finishing = false;

  abstract write(pcm: Int16Array): void;
  /** Sends the end of audio; the subclass resolves `result` when the final text arrives. */
  protected abstract end(): void;
  /** Releases connections and timers; called once, after success, failure or abort. */
  protected abstract close(): void;

  finish(): Promise<string> {
    if (!this.finishing && !this.result.settled) {
      this.finishing = true;
      try {
        this.end();
      } catch (err) {
        this.fail(err instanceof AsrError ? err : new AsrError('upstream', String(err)));
      }
    }
    return this.result.promise;
  }

  onPartial(cb: (text: string) => void): void {
    this.partialListeners.push(cb);
  }

  onError(cb: (err: AsrError) => void): void {
    const failure = this.failure;
    if (failure) queueMicrotask(() => cb(failure));
    else this.errorListeners.push(cb);
  }

  abort(): void {
    if (this.result.settled) return;
    this.failure = new AsrError('aborted', 'recognition aborted');
    this.result.reject(this.failure);
    this.close();
  }

  protected emitPartial(text: string): void {
    if (this.result.settled) return;
    for (const cb of this.partialListeners) cb(text);
  }

  protected succeed(text: string): void {
    if (this.result.settled) return;
    this.result.resolve(text);
    this.close();
  }

  protected fail(err: AsrError): void {
    if (this.result.settled) return;
    this.failure = err;
    this.result.reject(err);
    this.close();
    for (const cb of this.errorListeners) cb(err);
  }
}

const TRANSCRIBE_CHUNK_SAMPLES = ASR_SAMPLE_RATE / 10;

/** Engine base whose `transcribe` feeds the whole recording through a stream. */
export abstract class StreamingEngine implements AsrEngine {
  abstract readonly name: string;
  abstract ready(): Promise<EngineReadiness>;
  abstract startStream(opts: AsrStreamOptions): AsrStream;

  async transcribe(pcm: Int16Array, sampleRate: number): Promise<string> {
    const audio = resampleInt16(pcm, sampleRate, ASR_SAMPLE_RATE);
    const stream = this.startStream(STREAM_OPTIONS);
    for (let at = 0; at < audio.length; at += TRANSCRIBE_CHUNK_SAMPLES) {
      stream.write(audio.subarray(at, at + TRANSCRIBE_CHUNK_SAMPLES));
    }
    return stream.finish();
  }
}
