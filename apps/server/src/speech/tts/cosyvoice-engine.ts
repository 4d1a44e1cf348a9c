import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { RawData } from 'ws';
import { z } from 'zod';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { PcmAssembler } from '../audio/wav.js';
import { AsyncQueue } from './async-queue.js';
import { clampRate, TtsError } from './engine.js';
import type { EngineStatus, SynthesizeOptions, TtsEngine } from './engine.js';

export interface CosyVoiceOptions {
  apiKey?: string | undefined;
  /** DashScope inference socket, e.g. wss://dashscope.aliyuncs.com/api-ws/v1/inference/ */
  url: string;
  model: string;
  voice: string;
  /** Longest silence from the vendor before the synthesis is abandoned. */
  idleTimeoutMs?: number;
}

const eventSchema = z.object({
  header: z.object({
    event: z.string(),
    task_id: z.string().optional(),
    error_code: z.string().optional(),
    error_message: z.string().optional(),
  }),
});

function rawBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * DashScope CosyVoice streaming synthesis over its duplex WebSocket (protocols.md): run-task,
 * wait for task-started, continue-task with the text, finish-task; binary PCM frames arrive
 * between result-generated events until task-finished (or task-failed).
 */
export class CosyVoiceEngine implements TtsEngine {
  readonly name: string;
  readonly voice: string;

  constructor(private readonly opts: CosyVoiceOptions) {
    // The model is part of the name so that audio of different models never shares a cache key.
    this.name = `cosyvoice:${opts.model}`;
    this.voice = opts.voice;
  }

  async ready(): Promise<EngineStatus> {
    return this.opts.apiKey
      ? { ready: true, detail: `DashScope ${this.opts.model}, voice ${this.voice}` }
      : { ready: false, detail: 'DASHSCOPE_API_KEY is not set' };
  }

  async *synthesize(text: string, opts: SynthesizeOptions = {}): AsyncIterable<Int16Array> {
    const apiKey = this.opts.apiKey;
    if (!apiKey) throw new TtsError('CosyVoice needs DASHSCOPE_API_KEY', 'service_unavailable');
    if (opts.signal?.aborted) return;
    const taskId = randomUUID();
    const ws = new WebSocket(this.opts.url, { headers: { Authorization: `Bearer ${apiKey}` } });
    const idleMs = this.opts.idleTimeoutMs ?? 15_000;
    let idle: NodeJS.Timeout | undefined;
    const stop = () => {
      clearTimeout(idle);
      opts.signal?.removeEventListener('abort', abort);
      if (ws.readyState === WebSocket.OPEN) ws.close(1000);
      else if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    };
    const queue = new AsyncQueue<Int16Array>(stop);
    const abort = () => queue.end();
    const fail = (message: string, code = 'tts_failed') => queue.fail(new TtsError(message, code));
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => fail(`CosyVoice sent nothing for ${idleMs} ms`, 'service_unavailable'), idleMs);
    };
    touch();
    opts.signal?.addEventListener('abort', abort, { once: true });
    const send = (action: string, payload: Record<string, unknown>) =>
      ws.send(JSON.stringify({ header: { action, task_id: taskId, streaming: 'duplex' }, payload }));
    const assembler = new PcmAssembler();

    ws.on('unexpected-response', (req, res) => {
      const status = res.statusCode ?? 0;
      fail(
        status === 401 || status === 403
          ? `DashScope rejected the API key (HTTP ${status})`
          : `DashScope refused the connection (HTTP ${status})`,
        status === 401 || status === 403 ? 'not_authenticated' : 'service_unavailable',
      );
      res.resume();
      req.destroy();
    });
    ws.on('error', (err) => fail(`CosyVoice connection failed: ${err.message}`, 'service_unavailable'));
    ws.on('open', () => {
      touch();
      send('run-task', {
        task_group: 'audio',
        task: 'tts',
        function: 'SpeechSynthesizer',
        model: this.opts.model,
        parameters: {
          text_type: 'PlainText',
          voice: opts.voice ?? this.voice,
          format: 'pcm',
          sample_rate: TTS_SAMPLE_RATE,
          volume: 50,
          rate: clampRate(opts.rate),
          pitch: 1,
        },
        input: {},
      });
    });
    ws.on('message', (data, isBinary) => {
      touch();
      if (isBinary) {
        const pcm = assembler.push(rawBytes(data));
        if (pcm.length > 0) queue.push(pcm);
        return;
      }
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(rawBytes(data).toString('utf8')));
      } catch {
        fail('CosyVoice sent a message that is not a protocol event');
        return;
      }
      const { header } = event;
      if (header.event === 'task-started') {
        send('continue-task', { input: { text } });
        send('finish-task', { input: {} });
      } else if (header.event === 'task-finished') {
        queue.end();
      } else if (header.event === 'task-failed') {
        fail(
          `CosyVoice task failed: ${header.error_code ?? 'unknown'}: ${header.error_message ?? ''}`.trim(),
          header.error_code ?? 'tts_failed',
        );
      }
      // result-generated events (sentence-begin / sentence-synthesis / sentence-end) carry no audio.
    });
    ws.on('close', (code) =>
      fail(`CosyVoice closed the connection before the task finished (code ${code})`, 'service_unavailable'),
    );
    yield* queue;
  }
}
