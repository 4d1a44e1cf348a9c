import {
  ASR_BUFFER_CHUNKS,
  ASR_RECONNECT_DELAY_MS,
  ASR_RETRIES,
  ASR_RETRY_BASE_DELAY_MS,
  TRANSCRIPTION_RESENDS,
} from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import { logDebug } from '@/lib/debug-log';
import type { RecognitionDialect } from './recognition-dialect';
import { SOCKET_OPEN, parseFrame, wait } from './socket';
import type { SocketFactory, SocketLike } from './socket';

/** A recognition failure with its catalogue code (`asr_unavailable`, `transcription_failed`…). */
export class RecognitionError extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
  }
}

export interface RecognitionOptions {
  dialect: RecognitionDialect;
  /** The socket URL, or a function making it for each connection (it carries a fresh token). */
  url: string | (() => Promise<string>);
  sampleRate: number;
  silenceMs: number;
  timeLimitS: number;
  /** How long to wait for the final text after finishing (network quality decides). */
  timeoutMs: number;
  /** A token for the start message (servers read the one in the URL). */
  token?: string | null;
  socket: SocketFactory;
  /** Renews the session after the server refused its token (4401); then one reconnect is tried. */
  renewToken?: () => Promise<unknown>;
  onPartial?: (text: string) => void;
  /** Called once when the session fails for good (e.g. `asr_unavailable` while still recording). */
  onFailure?: (err: RecognitionError) => void;
}

interface Connection {
  ws: SocketLike;
  taskId: string;
  sent: number;
  finished: boolean;
}

let taskCounter = 0;
const newTaskId = () => `${Date.now().toString(36)}-${(taskCounter++).toString(36)}`;

/**
 * One utterance streamed to a recognition socket (spec 001 §4): connect with up to 3 retries
 * (delay doubling from 1 s), stream PCM blocks, finish and wait for the final text within the
 * timeout, replaying the utterance on a fresh socket up to 3 times and then once more after a full
 * reconnect 2 s later; a dropped socket reconnects after 2 s and replays what it had. `asr_unavailable` is final: nothing is retried or invented.
 */
export class RecognitionSession {
  private blocks: Int16Array[] = [];
  /** Blocks dropped from the front of `blocks` (an utterance over the buffer): `sent` counts them too. */
  private dropped = 0;
  private conn: Connection | null = null;
  private finishing = false;
  private final: string | null = null;
  private failure: RecognitionError | null = null;
  private readonly aborted = new AbortController();
  private waiters: { resolve: (text: string) => void; reject: (err: RecognitionError) => void }[] = [];
  private reconnecting: Promise<void> | null = null;
  private renewing: Promise<unknown> | null = null;
  private authRetried = false;
  /** The server's id of the kept recording, from the final message. */
  audioId: string | null = null;

  constructor(private readonly opts: RecognitionOptions) {}

  /** Connects (with retries) and sends the start message. */
  async start(): Promise<void> {
    await this.connectWithRetries();
  }

  /** Queues a block of PCM and sends it when the socket is open. */
  push(pcm: Int16Array): void {
    if (this.finishing || this.aborted.signal.aborted) return;
    this.blocks.push(pcm);
    if (this.blocks.length > ASR_BUFFER_CHUNKS) {
      this.blocks.shift();
      this.dropped++;
    }
    this.flush();
  }

  /** Ends the utterance: trailing silence, the finish message, then the final text. */
  async finish(): Promise<string> {
    if (this.failure) throw this.failure;
    if (this.final !== null) return this.final;
    this.finishing = true;
    this.blocks.push(new Int16Array(Math.round((this.opts.sampleRate * this.opts.silenceMs) / 1000)));
    // The first send, up to 3 resends on a fresh socket at once, then one full reconnect after 2 s
    // (spec 001 §4) before the answer counts as failed.
    for (let resend = 0; resend <= TRANSCRIPTION_RESENDS + 1; resend++) {
      const reconnect = resend > TRANSCRIPTION_RESENDS;
      if (resend > 0 || !this.connOpen()) {
        if (resend > 0)
          logDebug(
            'asr',
            'warn',
            reconnect
              ? `no final text in ${this.opts.timeoutMs} ms after ${TRANSCRIPTION_RESENDS} resends; reconnecting`
              : `no final text in ${this.opts.timeoutMs} ms, resend ${resend}/${TRANSCRIPTION_RESENDS}`,
          );
        await this.replace(resend > 0 && !reconnect ? 0 : ASR_RECONNECT_DELAY_MS);
      }
      this.flush();
      this.sendFinish();
      try {
        return await this.awaitFinal(this.opts.timeoutMs);
      } catch (err) {
        if (err instanceof RecognitionError && err.code !== 'transcription_failed') throw err;
        if (this.aborted.signal.aborted) throw new RecognitionError('transcription_failed');
      }
    }
    throw new RecognitionError('transcription_failed');
  }

  /** Closes the socket and drops the utterance. */
  abort(): void {
    this.aborted.abort();
    this.closeConn();
    this.fail(new RecognitionError('transcription_failed'));
  }

  private connOpen(): boolean {
    return this.conn !== null && this.conn.ws.readyState === SOCKET_OPEN;
  }

  private async connectWithRetries(): Promise<void> {
    let delay = ASR_RETRY_BASE_DELAY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.connect();
        return;
      } catch (err) {
        if (err instanceof RecognitionError && err.code === 'asr_unavailable') throw err;
        logDebug('asr', 'warn', `connection attempt ${attempt + 1}/${ASR_RETRIES + 1} failed`);
        if (attempt >= ASR_RETRIES || this.aborted.signal.aborted)
          throw new RecognitionError('transcription_failed');
      }
      await wait(delay, this.aborted.signal).catch(() => undefined);
      delay *= 2;
    }
  }

  private connect(): Promise<void> {
    const { url } = this.opts;
    // A fixed URL opens at once; a URL with a token waits for a renewal under way, then is made.
    if (typeof url === 'string' && !this.renewing) return this.open(url);
    return (async () => {
      await this.renewing?.catch(() => undefined);
      return this.open(typeof url === 'string' ? url : await url());
    })();
  }

  private open(address: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = this.opts.socket(address);
      ws.binaryType = 'arraybuffer';
      const conn: Connection = { ws, taskId: newTaskId(), sent: 0, finished: false };
      let opened = false;
      ws.onopen = () => {
        opened = true;
        logDebug('asr', 'info', `socket open (${this.opts.sampleRate} Hz, task ${conn.taskId})`);
        this.conn = conn;
        ws.send(
          JSON.stringify(
            this.opts.dialect.start({
              taskId: conn.taskId,
              sampleRate: this.opts.sampleRate,
              timeLimitS: this.opts.timeLimitS,
              token: this.opts.token ?? null,
            }),
          ),
        );
        this.flush();
        resolve();
      };
      ws.onmessage = (ev) => this.onMessage(conn, ev.data);
      ws.onerror = () => {
        if (!opened) reject(new RecognitionError('transcription_failed'));
      };
      ws.onclose = () => {
        if (!opened) return reject(new RecognitionError('transcription_failed'));
        if (this.conn === conn) this.onDropped();
      };
    });
  }

  private onMessage(conn: Connection, data: unknown): void {
    if (this.conn !== conn) return;
    const event = this.opts.dialect.read(parseFrame(data));
    if (event.kind === 'partial') this.opts.onPartial?.(event.text);
    else if (event.kind === 'final') {
      this.audioId = event.audioId;
      this.succeed(event.text);
    } else if (event.kind === 'error') {
      logDebug('asr', event.code === 'no_audio_recorded' ? 'info' : 'error', `server answered ${event.code}`);
      // Silence is an answer too: "no audio" means the learner said nothing.
      if (event.code === 'no_audio_recorded') this.succeed('');
      else if (event.code === 'token_expired' && this.opts.renewToken && !this.authRetried) this.retryAuth();
      else if (FINAL_CODES.has(event.code)) this.fail(new RecognitionError(event.code));
      else this.rejectWaiters(new RecognitionError('transcription_failed'));
    }
  }

  /** The token was refused: renew it once, then reconnect and replay what was recorded. */
  private retryAuth(): void {
    this.authRetried = true;
    logDebug('asr', 'warn', 'token refused; renewing the session and reconnecting');
    this.closeConn();
    this.renewing = this.opts.renewToken?.() ?? null;
    // While finishing, the resend loop reconnects; otherwise reconnect now.
    if (this.finishing) this.rejectWaiters(new RecognitionError('transcription_failed'));
    else void this.replace(0).catch((err: unknown) => this.fail(toError(err)));
  }

  /** A socket that drops mid-utterance is replaced after 2 s; the blocks it had are replayed. */
  private onDropped(): void {
    if (this.final !== null || this.failure || this.aborted.signal.aborted) return;
    logDebug('asr', 'warn', 'socket dropped mid-answer; reconnecting and replaying the audio');
    this.conn = null;
    if (!this.finishing)
      void this.replace(ASR_RECONNECT_DELAY_MS).catch((err: unknown) => this.fail(toError(err)));
  }

  private replace(delayMs: number): Promise<void> {
    this.reconnecting ??= (async () => {
      this.closeConn();
      if (delayMs > 0) await wait(delayMs, this.aborted.signal).catch(() => undefined);
      await this.connectWithRetries();
    })().finally(() => {
      this.reconnecting = null;
    });
    return this.reconnecting;
  }

  private flush(): void {
    const conn = this.conn;
    if (!conn || conn.ws.readyState !== SOCKET_OPEN) return;
    // `sent` counts from the first block ever pushed, so dropping old blocks never skips new ones;
    // a replacement socket replays what is still kept.
    conn.sent = Math.max(conn.sent, this.dropped);
    while (conn.sent < this.dropped + this.blocks.length) {
      const block = this.blocks[conn.sent - this.dropped];
      if (block) conn.ws.send(block);
      conn.sent++;
    }
  }

  private sendFinish(): void {
    const conn = this.conn;
    if (!conn || conn.finished || conn.ws.readyState !== SOCKET_OPEN) return;
    conn.finished = true;
    conn.ws.send(JSON.stringify(this.opts.dialect.finish(conn.taskId)));
  }

  private awaitFinal(timeoutMs: number): Promise<string> {
    if (this.final !== null) return Promise.resolve(this.final);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new RecognitionError('transcription_failed'));
      }, timeoutMs);
      const done = (text: string) => {
        clearTimeout(timer);
        resolve(text);
      };
      this.waiters.push({
        resolve: done,
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
    });
  }

  private succeed(text: string): void {
    this.final = text.trim();
    logDebug('asr', 'info', `final text, ${[...this.final].length} characters`);
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.resolve(this.final);
    this.closeConn();
  }

  private rejectWaiters(err: RecognitionError): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.reject(err);
  }

  private fail(err: RecognitionError): void {
    if (!this.failure && !this.aborted.signal.aborted) this.opts.onFailure?.(err);
    this.failure ??= err;
    this.rejectWaiters(err);
    this.closeConn();
  }

  private closeConn(): void {
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    conn.ws.onclose = null;
    conn.ws.onmessage = null;
    if (conn.ws.readyState <= SOCKET_OPEN) conn.ws.close(1000);
  }
}

/** Refusals no retry can change: recognition missing, sign-in needed, quota used up. */
const FINAL_CODES = new Set<ErrorCode>([
  'asr_unavailable',
  'token_expired',
  'login_required',
  'auth_token_missing',
  'guest_part_only',
  'speech_quota_reached',
]);

function toError(err: unknown): RecognitionError {
  return err instanceof RecognitionError ? err : new RecognitionError('transcription_failed');
}
