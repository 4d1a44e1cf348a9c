import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { z } from 'zod';
import { ASR_SAMPLE_RATE, RECORDER_CHUNK_MS } from '@kouyu/core';
import { PcmPacketizer, int16ToBytes } from './audio.js';
import { StreamingEngine } from './stream-base.js';
import { AsrError, toAsrError } from './types.js';
import type { AsrErrorKind, AsrStream, AsrStreamOptions, EngineReadiness } from './types.js';
import { VendorSocketStream, openVendorSocket } from './vendor-socket.js';

export interface DashScopeOptions {
  url: string;
  apiKey: string;
  model: string;
  /** How long to wait for task-started and for task-finished after finish-task. */
  timeoutMs: number;
}

// DashScope asks for ~100 ms audio frames; the browser's recorder chunk is the same span.
const FRAME_SAMPLES = (ASR_SAMPLE_RATE * RECORDER_CHUNK_MS) / 1000;

const sentenceSchema = z.object({
  text: z.string().default(''),
  sentence_end: z.boolean().default(false),
  heartbeat: z.boolean().nullish(),
});

const eventSchema = z.object({
  header: z.object({
    event: z.string(),
    task_id: z.string().optional(),
    error_code: z.string().optional(),
    error_message: z.string().optional(),
  }),
  payload: z.object({ output: z.object({ sentence: sentenceSchema.optional() }).optional() }).optional(),
});

function failureKind(code: string): AsrErrorKind {
  if (/apikey|access|auth|unauthor/i.test(code)) return 'auth';
  if (/invalidparameter|badrequest|parameter/i.test(code)) return 'bad_request';
  if (/timeout/i.test(code)) return 'timeout';
  return 'upstream';
}

/** Alibaba DashScope Paraformer realtime recognition over its duplex WebSocket task protocol. */
export class DashScopeEngine extends StreamingEngine {
  readonly name = 'dashscope';

  constructor(private readonly options: DashScopeOptions) {
    super();
  }

  async ready(): Promise<EngineReadiness> {
    return { ready: true, detail: `${this.options.model} (credentials are checked on first use)` };
  }

  startStream(opts: AsrStreamOptions): AsrStream {
    return new DashScopeStream(this.options, opts);
  }
}

class DashScopeStream extends VendorSocketStream {
  private readonly taskId = randomUUID().replaceAll('-', '');
  private readonly packetizer = new PcmPacketizer(FRAME_SAMPLES);
  private started = false;
  private finishSent = false;
  // Frames spoken before the vendor said task-started wait here.
  private queued: Buffer[] = [];
  private committed = '';
  private current = '';

  constructor(
    private readonly options: DashScopeOptions,
    private readonly stream: AsrStreamOptions,
  ) {
    super('DashScope', options.timeoutMs);
    this.arm('did not start the task');
    openVendorSocket(
      'DashScope',
      options.url,
      { Authorization: `Bearer ${options.apiKey}` },
      options.timeoutMs,
    ).then(
      (ws) => this.attach(ws),
      (err: unknown) => this.fail(toAsrError(err)),
    );
  }

  private attach(ws: WebSocket): void {
    if (this.result.settled) {
      ws.close(1000);
      return;
    }
    this.ws = ws;
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.onEvent(String(data));
    });
    ws.on('close', (code) =>
      this.fail(
        new AsrError('upstream', `DashScope closed the connection (code ${code}) before the task finished`),
      ),
    );
    ws.on('error', (err) =>
      this.fail(new AsrError('upstream', `DashScope connection failed: ${err.message}`, { cause: err })),
    );
    ws.send(
      JSON.stringify({
        header: { action: 'run-task', task_id: this.taskId, streaming: 'duplex' },
        payload: {
          task_group: 'audio',
          task: 'asr',
          function: 'recognition',
          model: this.options.model,
          parameters: {
            format: 'pcm',
            sample_rate: this.stream.sampleRate,
            language_hints: [this.stream.language],
          },
          input: {},
        },
      }),
    );
  }

  private onEvent(raw: string): void {
    let parsed: z.infer<typeof eventSchema>;
    try {
      parsed = eventSchema.parse(JSON.parse(raw));
    } catch {
      this.fail(new AsrError('protocol', 'DashScope sent a message that is not a task event'));
      return;
    }
    const { header } = parsed;
    switch (header.event) {
      case 'task-started':
        this.started = true;
        this.disarm();
        for (const frame of this.queued) this.ws?.send(frame);
        this.queued = [];
        if (this.finishing) this.sendFinish();
        return;
      case 'result-generated': {
        const sentence = parsed.payload?.output?.sentence;
        if (!sentence || sentence.heartbeat) return;
        if (sentence.sentence_end) {
          this.committed += sentence.text;
          this.current = '';
        } else {
          this.current = sentence.text;
          this.emitPartial(this.committed + this.current);
        }
        return;
      }
      case 'task-finished':
        this.succeed(this.committed + this.current);
        return;
      case 'task-failed': {
        const code = header.error_code ?? 'unknown';
        this.fail(
          new AsrError(
            failureKind(code),
            `DashScope task failed: ${code}: ${header.error_message ?? ''}`.trim(),
          ),
        );
        return;
      }
      default:
        return;
    }
  }

  write(pcm: Int16Array): void {
    if (this.finishing || this.result.settled) return;
    for (const packet of this.packetizer.push(pcm)) this.send(int16ToBytes(packet));
  }

  private send(frame: Buffer): void {
    if (frame.length === 0) return;
    if (this.started && this.ws) this.ws.send(frame);
    else this.queued.push(frame);
  }

  protected end(): void {
    this.send(int16ToBytes(this.packetizer.drain()));
    if (this.started) this.sendFinish();
  }

  private sendFinish(): void {
    if (this.finishSent || !this.ws) return;
    this.finishSent = true;
    this.ws.send(
      JSON.stringify({
        header: { action: 'finish-task', task_id: this.taskId, streaming: 'duplex' },
        payload: { input: {} },
      }),
    );
    this.arm('did not finish the task');
  }
}
