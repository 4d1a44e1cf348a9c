import type WebSocket from 'ws';

/** Reads a client socket's JSON messages in order, and its close code, by awaiting events. */
export class SocketReader {
  private readonly queue: unknown[] = [];
  private readonly waiters: ((value: unknown) => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const value: unknown = JSON.parse(String(data));
      const waiter = this.waiters.shift();
      if (waiter) waiter(value);
      else this.queue.push(value);
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** The next message, waiting for it if none is queued. */
  next(): Promise<unknown> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift());
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Messages received but not read yet. */
  get unread(): number {
    return this.queue.length;
  }

  /** Messages until one satisfies `done` (inclusive). */
  async until(done: (message: unknown) => boolean): Promise<unknown[]> {
    const seen: unknown[] = [];
    for (;;) {
      const message = await this.next();
      seen.push(message);
      if (done(message)) return seen;
    }
  }
}
