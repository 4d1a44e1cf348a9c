import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import { errorMessage } from '@kouyu/core';
import type { ErrorCode, SpeechErrorCode } from '@kouyu/core';
import type { AsrEngine, AsrError } from '../../../speech/asr/types.js';

/**
 * Error codes on the browser sockets: 4000 + the HTTP status that means the same, so
 * 4413 is "frame too large" and 4503 "recognition not configured".
 */
export const WS_CODE = {
  ok: 1000,
  badMessage: 4400,
  idleTimeout: 4408,
  tooLarge: 4413,
  unsupported: 4415,
  tooMany: 4429,
  failed: 4502,
  unavailable: 4503,
} as const;

export interface SocketError {
  wsCode: number;
  /** A speech code when the socket itself fails; a caller refusal may carry an account or access code. */
  code: ErrorCode;
  message: string;
}

/** A catalogue error for a socket answer: a speech code, which the learner reads in their own words. */
export function socketError(wsCode: number, code: SpeechErrorCode): SocketError {
  return { wsCode, code, message: errorMessage(code) };
}

/** Maps an engine failure to what the browser is told; the engine's own words go to the log only. */
export function engineFailure(err: AsrError): SocketError {
  if (err.kind === 'unavailable') return socketError(WS_CODE.unavailable, 'asr_unavailable');
  if (err.kind === 'empty_audio') return socketError(WS_CODE.badMessage, 'no_audio_recorded');
  return socketError(WS_CODE.failed, 'transcription_failed');
}

/** What both browser sockets need from the plugin. */
export interface SocketContext {
  engine: AsrEngine | null;
  limiter: ConnectionLimiter;
  maxAudioS: number;
  maxFrameBytes: number;
  idleTimeoutMs: number;
  maxSocketsPerIp: number;
  log: FastifyBaseLogger;
}

/** Open recognition sockets per client address, so one client cannot hold every engine slot. */
export class ConnectionLimiter {
  private readonly open = new Map<string, number>();

  /** Takes a slot; false when the address already holds `max`. */
  acquire(ip: string, max: number): boolean {
    const count = this.open.get(ip) ?? 0;
    if (count >= max) return false;
    this.open.set(ip, count + 1);
    return true;
  }

  release(ip: string): void {
    const count = (this.open.get(ip) ?? 1) - 1;
    if (count <= 0) this.open.delete(ip);
    else this.open.set(ip, count);
  }
}

/** Calls `onIdle` when `touch` has not been called for `ms`; paused while the engine works. */
export class IdleTimer {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {}

  touch(): void {
    this.stop();
    this.timer = setTimeout(this.onIdle, this.ms);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Sends JSON if the socket is still open. */
export function sendJson(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Closes the socket once queued messages are out. */
export function closeSocket(socket: WebSocket, code: number = WS_CODE.ok, reason = ''): void {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
    socket.close(code, reason);
}

/** The byte length of a message from `ws`, whatever shape it arrived in. */
export function messageBytes(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
