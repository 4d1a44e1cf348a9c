import { createRequire } from 'node:module';
import { z } from 'zod';
import { int16ToFloat32 } from './audio.js';
import { findSherpaModel, modelNotFoundMessage, probeSherpaModel, recognizerConfig } from './sherpa-model.js';
import type { SherpaModel } from './sherpa-model.js';
import { StreamBase, StreamingEngine } from './stream-base.js';
import { AsrError, toAsrError } from './types.js';
import type { AsrStream, AsrStreamOptions, EngineReadiness } from './types.js';

export interface SherpaOptions {
  modelDir: string;
  numThreads: number;
  /** Longest time the one-off model probe may take. */
  loadTimeoutMs: number;
}

/** The parts of sherpa-onnx-node's OnlineRecognizer we use (the package ships no types). */
interface OnlineStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
  inputFinished(): void;
}
interface OnlineRecognizer {
  createStream(): OnlineStream;
  isReady(stream: OnlineStream): boolean;
  decode(stream: OnlineStream): void;
  getResult(stream: OnlineStream): unknown;
}
type RecognizerClass = new (config: Record<string, unknown>) => OnlineRecognizer;

function isRecognizerClass(value: unknown): value is RecognizerClass {
  return typeof value === 'function';
}

const resultSchema = z.object({ text: z.string() });
const require = createRequire(import.meta.url);

// Silence appended at the end so the streaming model flushes its look-ahead (sherpa's examples do the same).
const TAIL_PADDING_S = 0.5;

/** Local recognition with sherpa-onnx (streaming zipformer or paraformer), no network. */
export class SherpaEngine extends StreamingEngine {
  readonly name = 'sherpa';
  private recognizer: Promise<OnlineRecognizer> | null = null;

  constructor(private readonly options: SherpaOptions) {
    super();
  }

  private locate(): SherpaModel {
    const found = findSherpaModel(this.options.modelDir);
    if ('missing' in found)
      throw new AsrError('unavailable', modelNotFoundMessage(this.options.modelDir, found.missing));
    return found;
  }

  async ready(): Promise<EngineReadiness> {
    try {
      const model = this.locate();
      return { ready: true, detail: `${model.kind} model at ${model.dir}` };
    } catch (err) {
      return { ready: false, detail: toAsrError(err).message };
    }
  }

  /** Loads the model once; a failed load is retried on the next stream (the files may have been fixed). */
  private load(): Promise<OnlineRecognizer> {
    if (!this.recognizer) {
      this.recognizer = (async () => {
        const model = this.locate();
        try {
          await probeSherpaModel(model, this.options.numThreads, this.options.loadTimeoutMs);
        } catch (err) {
          throw new AsrError('unavailable', err instanceof Error ? err.message : String(err), { cause: err });
        }
        const sherpa: unknown = require('sherpa-onnx-node');
        const Recognizer =
          typeof sherpa === 'object' && sherpa !== null && 'OnlineRecognizer' in sherpa
            ? sherpa.OnlineRecognizer
            : null;
        if (!isRecognizerClass(Recognizer))
          throw new AsrError('unavailable', 'sherpa-onnx-node has no OnlineRecognizer');
        return new Recognizer(recognizerConfig(model, this.options.numThreads));
      })();
      this.recognizer.catch(() => {
        this.recognizer = null;
      });
    }
    return this.recognizer;
  }

  startStream(opts: AsrStreamOptions): AsrStream {
    return new SherpaStream(this.load(), opts.sampleRate);
  }
}

class SherpaStream extends StreamBase {
  private recognizer: OnlineRecognizer | null = null;
  private stream: OnlineStream | null = null;
  // Audio written while the model loads.
  private pending: Int16Array[] = [];
  private text = '';

  constructor(
    loading: Promise<OnlineRecognizer>,
    private readonly sampleRate: number,
  ) {
    super();
    loading.then(
      (recognizer) => {
        if (this.result.settled) return;
        this.recognizer = recognizer;
        this.stream = recognizer.createStream();
        for (const pcm of this.pending) this.feed(pcm);
        this.pending = [];
        if (this.finishing) this.complete();
      },
      (err: unknown) => this.fail(toAsrError(err, 'unavailable')),
    );
  }

  write(pcm: Int16Array): void {
    if (this.finishing || this.result.settled) return;
    if (this.stream) this.feed(pcm);
    else this.pending.push(pcm.slice());
  }

  private feed(pcm: Int16Array): void {
    this.accept(int16ToFloat32(pcm));
    const text = this.decode();
    if (text && text !== this.text) {
      this.text = text;
      this.emitPartial(text);
    }
  }

  private accept(samples: Float32Array): void {
    this.stream?.acceptWaveform({ samples, sampleRate: this.sampleRate });
  }

  private decode(): string {
    const { recognizer, stream } = this;
    if (!recognizer || !stream) return '';
    try {
      while (recognizer.isReady(stream)) recognizer.decode(stream);
      const parsed = resultSchema.safeParse(recognizer.getResult(stream));
      return parsed.success ? parsed.data.text.trim() : '';
    } catch (err) {
      this.fail(
        new AsrError(
          'upstream',
          `sherpa-onnx decoding failed: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
      return '';
    }
  }

  protected end(): void {
    if (this.stream) this.complete();
  }

  private complete(): void {
    this.accept(new Float32Array(Math.round(this.sampleRate * TAIL_PADDING_S)));
    this.stream?.inputFinished();
    const text = this.decode();
    this.succeed(text);
  }

  protected close(): void {
    this.pending = [];
    this.stream = null;
    this.recognizer = null;
  }
}
