import { z } from 'zod';
import { ASR_SAMPLE_RATE } from '@kouyu/core';
import { concatInt16, resampleInt16 } from './audio.js';
import { StreamBase } from './stream-base.js';
import { AsrError, toAsrError } from './types.js';
import type { AsrEngine, AsrStream, AsrStreamOptions, EngineReadiness } from './types.js';
import { encodeWav } from './wav.js';

export interface OpenAiAsrOptions {
  /** Base URL ending before `/audio/transcriptions`, e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}

const answerSchema = z.object({ text: z.string() });

/**
 * Any OpenAI-compatible `/audio/transcriptions` server (OpenAI, self-hosted whisper servers).
 * The API takes whole files, so a stream buffers its audio and sends it on finish; it has no
 * partial results.
 */
export class OpenAiAsrEngine implements AsrEngine {
  readonly name = 'openai';

  constructor(private readonly options: OpenAiAsrOptions) {}

  async ready(): Promise<EngineReadiness> {
    return { ready: true, detail: `${this.options.model} at ${new URL(this.options.baseUrl).host}` };
  }

  startStream(opts: AsrStreamOptions): AsrStream {
    return new BufferedStream((pcm) => this.transcribe(pcm, opts.sampleRate));
  }

  async transcribe(pcm: Int16Array, sampleRate: number): Promise<string> {
    // Whisper-family servers resample to 16 kHz themselves; sending 16 kHz keeps uploads small.
    const audio = resampleInt16(pcm, sampleRate, ASR_SAMPLE_RATE);
    const form = new FormData();
    form.append('file', new Blob([encodeWav(audio, ASR_SAMPLE_RATE)], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', this.options.model);
    form.append('language', 'zh');
    form.append('response_format', 'json');
    const headers: Record<string, string> = {};
    if (this.options.apiKey) headers['Authorization'] = `Bearer ${this.options.apiKey}`;
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        body: form,
        headers,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new AsrError(
          'timeout',
          `transcription server did not answer within ${this.options.timeoutMs} ms`,
          { cause: err },
        );
      }
      throw new AsrError(
        'upstream',
        `transcription server unreachable: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    if (res.status === 401 || res.status === 403) {
      throw new AsrError('auth', `transcription server rejected the API key: HTTP ${res.status}`);
    }
    if (!res.ok) {
      const body = (await res.text().catch(() => '')).slice(0, 200);
      throw new AsrError(
        res.status === 400 ? 'bad_request' : 'upstream',
        `transcription server answered HTTP ${res.status}: ${body}`,
      );
    }
    const parsed = answerSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new AsrError('protocol', 'transcription server answer has no "text"');
    return parsed.data.text.trim();
  }
}

/** Collects the utterance and hands it to a whole-file transcriber on finish. */
class BufferedStream extends StreamBase {
  private parts: Int16Array[] = [];

  constructor(private readonly run: (pcm: Int16Array) => Promise<string>) {
    super();
  }

  write(pcm: Int16Array): void {
    if (this.finishing || this.result.settled) return;
    this.parts.push(pcm.slice());
  }

  protected end(): void {
    const pcm = concatInt16(this.parts);
    this.parts = [];
    this.run(pcm).then(
      (text) => this.succeed(text),
      (err: unknown) => this.fail(toAsrError(err)),
    );
  }

  protected close(): void {
    this.parts = [];
  }
}
