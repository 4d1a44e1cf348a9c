import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { z } from 'zod';
import { ASR_SAMPLE_RATE } from '@kouyu/core';
import { PcmPacketizer, int16ToBytes } from './audio.js';
import { FrameError, decodeServerFrame, encodeAudio, encodeFullRequest } from './doubao-frames.js';
import { StreamingEngine } from './stream-base.js';
import { AsrError, toAsrError } from './types.js';
import type { AsrErrorKind, AsrStream, AsrStreamOptions, EngineReadiness } from './types.js';
import { VendorSocketStream, openVendorSocket } from './vendor-socket.js';

export interface DoubaoOptions {
  url: string;
  appKey: string;
  accessKey: string;
  resourceId: string;
  /** How long to wait for the first answer and for the final answer after the last packet. */
  timeoutMs: number;
}

// Volcengine recommends 100-200 ms packets for the two-way stream; 200 ms halves the frames.
const PACKET_MS = 200;
const PACKET_SAMPLES = (ASR_SAMPLE_RATE * PACKET_MS) / 1000;

/** Error codes of the big-model ASR and what they mean for us. */
export const DOUBAO_ERRORS: Record<number, { kind: AsrErrorKind; text: string }> = {
  45000001: { kind: 'bad_request', text: 'Doubao rejected the request parameters' },
  45000002: { kind: 'empty_audio', text: 'Doubao received empty audio' },
  45000081: { kind: 'timeout', text: 'Doubao timed out waiting for an audio packet' },
  45000151: { kind: 'bad_audio', text: 'Doubao could not read the audio format' },
};

/** Turns a Doubao error frame into an AsrError. */
export function doubaoError(code: number, message: string): AsrError {
  const known = DOUBAO_ERRORS[code];
  const detail = message ? `: ${message}` : '';
  return known
    ? new AsrError(known.kind, `${known.text} (${code})${detail}`)
    : new AsrError('upstream', `Doubao error ${code}${detail}`);
}

const responseSchema = z.object({
  result: z.object({ text: z.string().default('') }).nullish(),
});

/** Volcengine/Doubao big-model streaming ASR over its binary WebSocket protocol. */
export class DoubaoEngine extends StreamingEngine {
  readonly name = 'doubao';

  constructor(private readonly options: DoubaoOptions) {
    super();
  }

  async ready(): Promise<EngineReadiness> {
    return { ready: true, detail: `${this.options.resourceId} (credentials are checked on first use)` };
  }

  startStream(opts: AsrStreamOptions): AsrStream {
    return new DoubaoStream(this.options, opts);
  }
}

class DoubaoStream extends VendorSocketStream {
  private readonly packetizer = new PcmPacketizer(PACKET_SAMPLES);
  // Sequence 1 is the full request, sent when the socket opens; audio written earlier is numbered from 2.
  private sequence = 2;
  // Packets spoken before the socket opened wait here.
  private queued: Buffer[] = [];
  private text = '';

  constructor(
    private readonly options: DoubaoOptions,
    private readonly stream: AsrStreamOptions,
  ) {
    super('Doubao', options.timeoutMs);
    this.arm('did not answer the request');
    const headers = {
      'X-Api-App-Key': options.appKey,
      'X-Api-Access-Key': options.accessKey,
      'X-Api-Resource-Id': options.resourceId,
      'X-Api-Connect-Id': randomUUID(),
    };
    openVendorSocket('Doubao', options.url, headers, options.timeoutMs).then(
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
      if (isBinary && Buffer.isBuffer(data)) this.onFrame(data);
      else this.fail(new AsrError('protocol', 'Doubao sent a text message; the protocol is binary'));
    });
    ws.on('close', (code) =>
      this.fail(
        new AsrError('upstream', `Doubao closed the connection (code ${code}) before the final result`),
      ),
    );
    ws.on('error', (err) =>
      this.fail(new AsrError('upstream', `Doubao connection failed: ${err.message}`, { cause: err })),
    );
    ws.send(
      encodeFullRequest(1, {
        user: { uid: 'kouyu' },
        audio: {
          format: 'pcm',
          codec: 'raw',
          rate: this.stream.sampleRate,
          bits: 16,
          channel: 1,
          language: 'zh-CN',
        },
        request: {
          model_name: 'bigmodel',
          enable_itn: true,
          enable_punc: true,
          show_utterances: true,
          result_type: 'full',
          end_window_size: 800,
        },
      }),
    );
    for (const packet of this.queued) ws.send(packet);
    this.queued = [];
  }

  private onFrame(data: Buffer): void {
    let frame: ReturnType<typeof decodeServerFrame>;
    try {
      frame = decodeServerFrame(data);
    } catch (err) {
      const message = err instanceof FrameError ? err.message : String(err);
      this.fail(new AsrError('protocol', `Doubao sent a frame we cannot read: ${message}`));
      return;
    }
    if (frame.kind === 'error') {
      this.fail(doubaoError(frame.code, frame.message));
      return;
    }
    // The first answer acknowledges the request; after that only the final answer is awaited.
    if (!this.finishing) this.disarm();
    const parsed = responseSchema.safeParse(frame.payload ?? {});
    const text = parsed.success ? (parsed.data.result?.text ?? '') : '';
    if (frame.last) {
      this.succeed(text || this.text);
      return;
    }
    if (text && text !== this.text) {
      this.text = text;
      this.emitPartial(text);
    }
  }

  write(pcm: Int16Array): void {
    if (this.finishing || this.result.settled) return;
    for (const packet of this.packetizer.push(pcm))
      this.send(encodeAudio(this.sequence++, int16ToBytes(packet), false));
  }

  private send(frame: Buffer): void {
    if (this.ws) this.ws.send(frame);
    else this.queued.push(frame);
  }

  protected end(): void {
    this.send(encodeAudio(this.sequence++, int16ToBytes(this.packetizer.drain()), true));
    this.arm('did not send the final result');
  }
}
