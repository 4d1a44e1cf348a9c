import { z } from 'zod';
import {
  TTS_LONG_END_WAIT_MS,
  TTS_LONG_TEXT_CHARS,
  TTS_SAMPLE_RATE,
  TTS_SHORT_END_WAIT_MS,
  isErrorCode,
} from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import { logDebug } from '@/lib/debug-log';
import { int16BytesToFloat } from './pcm';
import { parseFrame } from './socket';
import type { SocketFactory } from './socket';

/** How long to wait for the first answer of the synthesis socket before giving up (not in the spec). */
export const TTS_FIRST_ANSWER_TIMEOUT_MS = 20_000;

/** The cached files of a synthesised text. */
export interface CachedAudio {
  hash: string;
  mp3Url: string;
  m3u8Url: string;
}

export class SynthesisError extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
  }
}

/** Text for synthesis: control characters removed, trimmed (spec 001 §5); may be empty. */
export function speechText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
}

/** How long to keep listening after finish-task: 8 s after a long text, 3 s otherwise. */
export function endWaitMs(text: string): number {
  return [...text].length > TTS_LONG_TEXT_CHARS ? TTS_LONG_END_WAIT_MS : TTS_SHORT_END_WAIT_MS;
}

const resultSchema = z.object({
  header: z.object({ event: z.string(), error_code: z.unknown().optional() }),
  payload: z
    .object({
      cache_hit: z.boolean().optional(),
      hash: z.string(),
      m3u8_url: z.string(),
      mp3_url: z.string(),
    })
    .partial()
    .optional(),
  success: z.literal(false).optional(),
  code: z.unknown().optional(),
});

export interface SynthesisHandlers {
  /** Float samples at TTS_SAMPLE_RATE, as they arrive. */
  pcm(samples: Float32Array): void;
  /** The text was cached: play these files instead (no PCM follows). */
  cached(audio: CachedAudio): void;
  /** Synthesis finished and was cached at these URLs (for the next play). */
  saved(audio: CachedAudio): void;
}

export interface SynthesisOptions {
  url: string;
  text: string;
  token: string | null;
  socket: SocketFactory;
  signal: AbortSignal;
  handlers: SynthesisHandlers;
}

const cachedOf = (p: z.infer<typeof resultSchema>['payload']): CachedAudio | null =>
  p?.hash && p.mp3_url && p.m3u8_url ? { hash: p.hash, mp3Url: p.mp3_url, m3u8Url: p.m3u8_url } : null;

/**
 * One synthesis over `/tts/ws` (spec 001 §7): run-task, continue-task with the text, finish-task.
 * PCM frames (16-bit, 22050 Hz) stream to `handlers.pcm`; a cache hit hands over the file URLs.
 * Resolves when the task finishes or the end wait passes without a message.
 */
export function synthesize({ url, text, token, socket, signal, handlers }: SynthesisOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = socket(url);
    ws.binaryType = 'arraybuffer';
    const taskId = `tts-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let settled = false;
    const finish = (err?: SynthesisError) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      ws.onclose = null;
      ws.onmessage = null;
      if (ws.readyState <= 1) ws.close(1000);
      if (err) {
        logDebug('tts', 'error', `synthesis failed: ${err.code}`);
        reject(err);
      } else resolve();
    };
    const arm = (ms: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => finish(), ms);
    };
    const onAbort = () => finish();
    signal.addEventListener('abort', onAbort, { once: true });
    const send = (message: unknown) => ws.send(JSON.stringify(message));

    ws.onopen = () => {
      send({
        header: { action: 'run-task', task_id: taskId, streaming: 'duplex' },
        payload: {
          task_group: 'audio',
          task: 'tts',
          function: 'SpeechSynthesizer',
          parameters: { text_type: 'PlainText', format: 'pcm', sample_rate: TTS_SAMPLE_RATE },
          input: {},
        },
        ...(token ? { token } : {}),
      });
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (ev.data instanceof ArrayBuffer) {
        handlers.pcm(int16BytesToFloat(ev.data));
        arm(endWaitMs(text));
        return;
      }
      const msg = resultSchema.safeParse(parseFrame(ev.data));
      if (!msg.success) return;
      const event = msg.data.header.event;
      if (event === 'task-started') {
        send({
          header: { action: 'continue-task', task_id: taskId, streaming: 'duplex' },
          payload: { input: { text } },
        });
        send({
          header: { action: 'finish-task', task_id: taskId, streaming: 'duplex' },
          payload: { input: {} },
        });
        arm(TTS_FIRST_ANSWER_TIMEOUT_MS);
      } else if (event === 'result-generated') {
        const audio = cachedOf(msg.data.payload);
        if (audio && msg.data.payload?.cache_hit) handlers.cached(audio);
        else if (audio) handlers.saved(audio);
        arm(endWaitMs(text));
      } else if (event === 'task-finished') {
        finish();
      } else if (event === 'task-failed' || msg.data.success === false) {
        const code = msg.data.header.error_code ?? msg.data.code;
        finish(new SynthesisError(isErrorCode(code) ? code : 'tts_failed'));
      }
    };
    ws.onerror = () => finish(new SynthesisError('tts_failed'));
    ws.onclose = () => finish(new SynthesisError('tts_failed'));
    arm(TTS_FIRST_ANSWER_TIMEOUT_MS);
  });
}
