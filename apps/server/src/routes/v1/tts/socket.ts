import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import { errorMessage, TTS_CHUNK_DELAY_MS, TTS_LONG_TEXT_CHARS, TTS_SAMPLE_RATE } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import { SpeechRefusal } from '../../../speaking/speech-access.js';
import { concatPcm, pcmToBytes } from '../../../speech/audio/wav.js';
import { splitLongText } from '../../../speech/tts/text.js';
import type { TtsService } from '../../../speech/tts/service.js';

/** Characters of text one task may synthesise. */
const TASK_MAX_CHARS = 2000;

const taskId = z.string().min(1).max(128);
const envelope = z.object({
  header: z.object({ action: z.enum(['run-task', 'continue-task', 'finish-task']), task_id: taskId }),
});
const runTask = z.object({
  payload: z
    .object({
      parameters: z.object({ sample_rate: z.number().optional(), format: z.string().optional() }).optional(),
    })
    .optional(),
  // The token is checked on connect (from the URL); one sent here as well is ignored.
  token: z.string().optional(),
});
const continueTask = z.object({ payload: z.object({ input: z.object({ text: z.string() }) }) });

function parseJson(data: RawData): unknown {
  try {
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

class TaskFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message = errorMessage(code),
  ) {
    super(message);
  }
}

interface SocketDeps {
  app: FastifyInstance;
  tts: TtsService;
  log: FastifyBaseLogger;
  /** Who may hear what: null for a signed-in user (any text), else the texts of the guest's question. */
  allowed: Set<string> | null;
  /** Called before a text is synthesised (not for a cached one): counts it against a quota, or throws. */
  beforeSynthesis: () => Promise<void>;
}

/**
 * One /api/v1/tts/ws connection (spec 001 §7): run-task, continue-task per text, finish-task.
 * A cached text answers with its URLs only; otherwise PCM frames stream as they are made and the
 * synthesis is cached before result-generated. Messages are handled strictly in order.
 *
 * The spec's end waits (8 s after texts over TTS_LONG_TEXT_CHARS, else 3 s) are how long the
 * client keeps listening for the last audio after finish-task; the server answers task-finished
 * as soon as its last result is out, so nothing here waits for them.
 */
export function handleTtsSocket(
  socket: WebSocket,
  { app, tts, log, allowed, beforeSynthesis }: SocketDeps,
): void {
  const connection = randomUUID();
  const closed = new AbortController();
  let task: { id: string; chars: number } | null = null;
  // Messages of a task that already failed are dropped rather than failing again one by one.
  let failedTask: string | null = null;
  let queue: Promise<void> = Promise.resolve();

  const sendJson = (message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const sendPcm = (pcm: Int16Array) =>
    new Promise<void>((resolve) => {
      if (socket.readyState !== socket.OPEN) return resolve();
      // Waiting for each frame to be written keeps a slow client from piling audio up in memory.
      socket.send(pcmToBytes(pcm), { binary: true }, () => resolve());
    });
  const fail = (id: string | null, code: ErrorCode, message: string) => {
    sendJson({
      success: false,
      code,
      message,
      error: message,
      header: { event: 'task-failed', task_id: id, error_code: code, error_message: message },
    });
    if (id !== null) failedTask = id;
    // A message naming another task fails alone; it does not end the task that is running.
    if (task && task.id === id) task = null;
  };

  const speak = async (id: string, rawText: string) => {
    const { text, hash } = tts.key(rawText);
    if (!text) return;
    if (!task) throw new TaskFailure('validation_failed', 'Send run-task before continue-task');
    task.chars += [...text].length;
    if (task.chars > TASK_MAX_CHARS) {
      throw new TaskFailure('tts_text_too_long', errorMessage('tts_text_too_long', { max: TASK_MAX_CHARS }));
    }
    const used = await app.kv.incr(`tts:texts:${connection}`, 60_000);
    if (used > app.config.TTS_TEXTS_PER_MINUTE) {
      throw new TaskFailure(
        'rate_limited',
        `Rate limit exceeded: at most ${app.config.TTS_TEXTS_PER_MINUTE} texts per minute.`,
      );
    }
    // Guests hear only the texts of their question; any other text needs sign-in (decision 009).
    if (allowed && !allowed.has(text)) throw new TaskFailure('login_required');
    const hit = await tts.cache.lookup(hash);
    if (hit) {
      sendJson({
        header: { event: 'result-generated', task_id: id },
        payload: {
          cache_hit: true,
          hash,
          m3u8_url: hit.m3u8Url,
          mp3_url: hit.mp3Url,
          duration_ms: hit.durationMs,
        },
      });
      return;
    }
    try {
      await beforeSynthesis();
    } catch (err) {
      if (err instanceof SpeechRefusal) throw new TaskFailure(err.code, err.message);
      throw err;
    }
    const pieces = [...text].length > TTS_LONG_TEXT_CHARS ? splitLongText(text, TTS_LONG_TEXT_CHARS) : [text];
    const chunks: Int16Array[] = [];
    for (const [i, piece] of pieces.entries()) {
      if (i > 0) await delay(TTS_CHUNK_DELAY_MS, undefined, { signal: closed.signal });
      for await (const pcm of tts.engine.synthesize(piece, { signal: closed.signal })) {
        chunks.push(pcm);
        await sendPcm(pcm);
      }
    }
    if (closed.signal.aborted) return;
    const pcm = concatPcm(chunks);
    // Text the engine cannot say (only symbols) gives no audio: skipped like empty text.
    if (pcm.length === 0) return;
    const saved = await tts.cache.save(hash, pcm, {
      engine: tts.engine.name,
      voice: tts.engine.voice,
      text,
      sampleRate: TTS_SAMPLE_RATE,
    });
    sendJson({
      header: { event: 'result-generated', task_id: id },
      payload: {
        cache_hit: false,
        hash,
        m3u8_url: saved.m3u8Url,
        mp3_url: saved.mp3Url,
        duration_ms: saved.durationMs,
      },
    });
  };

  const handle = async (data: RawData, isBinary: boolean) => {
    const message = isBinary ? undefined : parseJson(data);
    const head = envelope.safeParse(message);
    if (!head.success) {
      return fail(
        task?.id ?? null,
        'validation_failed',
        'Send JSON run-task, continue-task or finish-task messages',
      );
    }
    const { action, task_id: id } = head.data.header;
    if (id === failedTask && action !== 'run-task') return;
    try {
      if (action === 'run-task') {
        const run = runTask.safeParse(message);
        if (task) throw new TaskFailure('validation_failed', 'A task is already running on this connection');
        const params = run.success ? run.data.payload?.parameters : undefined;
        if (
          !run.success ||
          (params?.sample_rate ?? TTS_SAMPLE_RATE) !== TTS_SAMPLE_RATE ||
          (params?.format ?? 'pcm') !== 'pcm'
        ) {
          throw new TaskFailure(
            'validation_failed',
            `Only format "pcm" at sample_rate ${TTS_SAMPLE_RATE} is available`,
          );
        }
        task = { id, chars: 0 };
        failedTask = null;
        return sendJson({ header: { event: 'task-started', task_id: id } });
      }
      if (!task || task.id !== id)
        throw new TaskFailure('validation_failed', 'No running task with this task_id: send run-task first');
      if (action === 'continue-task') {
        const text = continueTask.safeParse(message);
        if (!text.success)
          throw new TaskFailure('validation_failed', 'continue-task needs payload.input.text');
        return await speak(id, text.data.payload.input.text);
      }
      task = null;
      sendJson({ header: { event: 'task-finished', task_id: id } });
    } catch (err) {
      if (closed.signal.aborted) return;
      if (err instanceof TaskFailure) return fail(id, err.code, err.message);
      log.warn({ err }, 'speech synthesis failed');
      fail(id, 'tts_failed', errorMessage('tts_failed'));
    }
  };

  socket.on('message', (data, isBinary) => {
    queue = queue
      .then(() => handle(data, isBinary))
      .catch((err: unknown) => log.error({ err }, 'tts socket handler failed'));
  });
  socket.on('close', () => closed.abort());
}
