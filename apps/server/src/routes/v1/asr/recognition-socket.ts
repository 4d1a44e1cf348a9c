import type WebSocket from 'ws';
import { toAsrError } from '../../../speech/asr/types.js';
import type { AsrError } from '../../../speech/asr/types.js';
import { RecognitionTask } from './recognition-task.js';
import {
  IdleTimer,
  WS_CODE,
  closeSocket,
  engineFailure,
  messageBytes,
  sendJson,
  socketError,
} from './socket-support.js';
import type { SocketContext, SocketError } from './socket-support.js';

/** A control message of a browser dialect, already validated. */
export type Control =
  | { kind: 'start'; taskId: string | null; sampleRate: number; timeLimitS: number | null }
  | { kind: 'finish' }
  | { kind: 'invalid'; error: SocketError };

/** How one client-facing protocol spells its messages (DashScope-style or Doubao-style). */
export interface Dialect {
  parse(text: string): Control;
  started(taskId: string | null): unknown;
  partial(text: string, taskId: string | null): unknown;
  final(text: string, taskId: string | null): unknown;
  error(error: SocketError, taskId: string | null): unknown;
}

/**
 * Serves one browser recognition socket: start → binary PCM → finish, repeatable, with the
 * limits (frame size, audio budget, idle time, sockets per address) enforced here so that both
 * dialects behave the same. Any failure is reported once and closes the socket.
 */
export function serveRecognitionSocket(
  socket: WebSocket,
  ip: string,
  ctx: SocketContext,
  dialect: Dialect,
  /** Keeps the task's audio for the voice analysis and gives `{ audio_id }` for the final message. */
  keep?: (recording: TaskRecording) => Promise<{ audio_id?: string }>,
): void {
  if (!ctx.limiter.acquire(ip, ctx.maxSocketsPerIp)) {
    sendJson(socket, dialect.error(socketError(WS_CODE.tooMany, 'rate_limited'), null));
    closeSocket(socket, WS_CODE.tooMany);
    return;
  }
  let task: RecognitionTask | null = null;
  let taskId: string | null = null;
  let recording: TaskRecording | null = null;
  let finishing = false;
  // Set once the socket is on its way out, so messages still in flight start nothing new.
  let closed = false;

  const failAndClose = (error: SocketError) => {
    closed = true;
    task?.abort();
    task = null;
    idle.stop();
    sendJson(socket, dialect.error(error, taskId));
    closeSocket(socket, error.wsCode);
  };
  // A silent task is an error the client is told about; a socket merely left open between
  // questions is closed quietly, so the client does not show an error for it.
  const idle = new IdleTimer(ctx.idleTimeoutMs, () => {
    if (task) return failAndClose(socketError(WS_CODE.idleTimeout, 'asr_idle_timeout'));
    closed = true;
    closeSocket(socket, WS_CODE.idleTimeout, 'idle');
  });

  const onEngineError = (current: RecognitionTask, err: AsrError) => {
    if (task !== current || err.kind === 'aborted') return;
    ctx.log.warn(
      { engine: ctx.engine?.name, kind: err.kind, reason: err.message },
      'speech recognition failed',
    );
    failAndClose(engineFailure(err));
  };

  const finish = async () => {
    const current = task;
    if (!current || finishing) return;
    finishing = true;
    // The engine's own timeout bounds the wait for the final text; the client may stay silent meanwhile.
    idle.stop();
    try {
      const text = await current.finish();
      if (task !== current) return;
      const kept = keep && recording ? await keep(recording) : {};
      recording = null;
      if (task !== current) return;
      sendJson(socket, withAudioId(dialect.final(text, taskId), kept));
      task = null;
      if (!closed) idle.touch();
    } catch (err) {
      onEngineError(current, toAsrError(err));
    } finally {
      finishing = false;
    }
  };

  const start = (control: Extract<Control, { kind: 'start' }>) => {
    if (task) return failAndClose(socketError(WS_CODE.badMessage, 'asr_bad_message'));
    taskId = control.taskId;
    const engine = ctx.engine;
    if (!engine) return failAndClose(socketError(WS_CODE.unavailable, 'asr_unavailable'));
    const limitS = Math.min(control.timeLimitS ?? ctx.maxAudioS, ctx.maxAudioS);
    const current: RecognitionTask = new RecognitionTask(
      engine,
      control.sampleRate,
      Math.round(limitS * control.sampleRate),
      {
        partial: (text) => sendJson(socket, dialect.partial(text, taskId)),
        error: (err) => onEngineError(current, err),
        limitReached: () => void finish(),
      },
    );
    task = current;
    recording = keep
      ? {
          sampleRate: control.sampleRate,
          chunks: [],
          bytes: 0,
          maxBytes: Math.round(limitS * control.sampleRate) * 2,
        }
      : null;
    const started = dialect.started(taskId);
    if (started !== null) sendJson(socket, started);
  };

  socket.on('message', (data, isBinary) => {
    if (closed) return;
    const bytes = messageBytes(data);
    if (bytes.length > ctx.maxFrameBytes)
      return failAndClose(socketError(WS_CODE.tooLarge, 'payload_too_large'));
    if (!finishing) idle.touch();
    if (isBinary) {
      // Audio with no task running is dropped: it is the tail a client sends while the final
      // text of a time-limited task is on its way.
      if (task && !finishing) {
        task.audio(bytes);
        if (recording && recording.bytes + bytes.length <= recording.maxBytes) {
          recording.chunks.push(Buffer.from(bytes));
          recording.bytes += bytes.length;
        }
      }
      return;
    }
    const control = dialect.parse(bytes.toString('utf8'));
    if (control.kind === 'invalid') return failAndClose(control.error);
    if (control.kind === 'start') return start(control);
    void finish();
  });

  socket.on('close', () => {
    closed = true;
    idle.stop();
    task?.abort();
    task = null;
    ctx.limiter.release(ip);
  });
  socket.on('error', (err) => ctx.log.debug({ err }, 'recognition socket error'));
  idle.touch();
}

/** The PCM (16-bit little-endian) a task received, kept for the voice analysis up to the task's limit. */
export interface TaskRecording {
  sampleRate: number;
  chunks: Buffer[];
  bytes: number;
  maxBytes: number;
}

/** The final message with the kept recording's id added, when the dialect's message is an object. */
function withAudioId(message: unknown, kept: { audio_id?: string }): unknown {
  if (!kept.audio_id || typeof message !== 'object' || message === null || Array.isArray(message))
    return message;
  return { ...message, audio_id: kept.audio_id };
}
