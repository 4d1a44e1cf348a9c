import { TTS_SAMPLE_RATE } from '@kouyu/core';

// A short lead so the first buffers are not scheduled in the past while the context warms up.
const LEAD_S = 0.05;

/**
 * Plays PCM as it arrives: each block becomes a buffer scheduled right after the previous one, so
 * speech starts with the first frame instead of after the whole synthesis.
 */
export class PcmStreamPlayer {
  private next = 0;
  private sources = new Set<AudioBufferSourceNode>();
  private ended = false;
  private stopped = false;
  private resolveDone: () => void = () => undefined;
  /** Resolves when the last scheduled block has played (after `end()`), or on `stop()`. */
  readonly done: Promise<void>;

  constructor(private readonly ctx: AudioContext) {
    this.done = new Promise((resolve) => {
      this.resolveDone = resolve;
    });
  }

  /** Whether any audio was scheduled. */
  get started(): boolean {
    return this.next > 0;
  }

  push(samples: Float32Array, sampleRate = TTS_SAMPLE_RATE): void {
    if (this.stopped || samples.length === 0) return;
    const buffer = this.ctx.createBuffer(1, samples.length, sampleRate);
    buffer.copyToChannel(new Float32Array(samples), 0);
    const source = this.ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(this.ctx.destination);
    const at = Math.max(this.ctx.currentTime + LEAD_S, this.next);
    source.start(at);
    this.next = at + buffer.duration;
    this.sources.add(source);
    source.onended = () => {
      this.sources.delete(source);
      this.settle();
    };
  }

  /** No more blocks will come: `done` resolves once the scheduled ones have played. */
  end(): void {
    this.ended = true;
    this.settle();
  }

  stop(): void {
    this.stopped = true;
    for (const s of this.sources) {
      s.onended = null;
      try {
        s.stop();
      } catch {
        // A source that never started cannot be stopped; it is dropped anyway.
      }
    }
    this.sources.clear();
    this.resolveDone();
  }

  private settle(): void {
    if (this.ended && this.sources.size === 0) this.resolveDone();
  }
}
