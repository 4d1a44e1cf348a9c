import { ASR_SAMPLE_RATE } from '@kouyu/core';
import { bytesToInt16, resampleInt16 } from '../../../speech/asr/audio.js';
import { STREAM_OPTIONS } from '../../../speech/asr/types.js';
import type { AsrEngine, AsrError, AsrStream } from '../../../speech/asr/types.js';

export interface TaskEvents {
  partial(text: string): void;
  error(err: AsrError): void;
  /** The audio budget is used up; the caller ends the task as if the client had. */
  limitReached(): void;
}

/**
 * One utterance from a browser socket: raw little-endian PCM in, engine stream out. It keeps a
 * byte split across frames, converts the client's rate to 16 kHz and stops taking audio once
 * the budget (time limit) is spent.
 */
export class RecognitionTask {
  private readonly stream: AsrStream;
  private carry: Buffer | null = null;
  private received = 0;
  private full = false;
  private ended = false;

  constructor(
    engine: AsrEngine,
    private readonly inputRate: number,
    private readonly maxSamples: number,
    private readonly events: TaskEvents,
  ) {
    this.stream = engine.startStream(STREAM_OPTIONS);
    this.stream.onPartial((text) => events.partial(text));
    this.stream.onError((err) => events.error(err));
  }

  /** Samples taken so far, at the client's rate. */
  get samples(): number {
    return this.received;
  }

  audio(bytes: Buffer): void {
    if (this.full || this.ended || bytes.length === 0) return;
    let data = bytes;
    if (this.carry) {
      data = Buffer.concat([this.carry, bytes]);
      this.carry = null;
    }
    if (data.length % 2 === 1) {
      this.carry = data.subarray(data.length - 1);
      data = data.subarray(0, data.length - 1);
    }
    let pcm = bytesToInt16(data);
    const room = this.maxSamples - this.received;
    if (pcm.length >= room) {
      pcm = pcm.subarray(0, room);
      this.full = true;
    }
    this.received += pcm.length;
    if (pcm.length > 0) this.stream.write(resampleInt16(pcm, this.inputRate, ASR_SAMPLE_RATE));
    if (this.full) this.events.limitReached();
  }

  /** The final text; an utterance without any audio ends with empty text and no engine round trip. */
  async finish(): Promise<string> {
    this.ended = true;
    if (this.received === 0) {
      this.stream.abort();
      return '';
    }
    return this.stream.finish();
  }

  abort(): void {
    this.ended = true;
    this.stream.abort();
  }
}
