import { Worker } from 'node:worker_threads';
import type { TransferListItem } from 'node:worker_threads';
import { z } from 'zod';

const replySchema = z.object({
  id: z.number(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/**
 * A worker thread running inline JavaScript (eval), so it works the same under tsx, vitest and
 * the compiled build. The worker answers `{id, request}` messages with `{id, result}` or
 * `{id, error}`. Started on first use; an idle worker does not keep the process alive.
 */
export class InlineWorker<Request, Result> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly source: string,
    private readonly resultSchema: z.ZodType<Result>,
    private readonly workerData: () => unknown = () => undefined,
  ) {}

  private start(): Worker {
    const worker = new Worker(this.source, { eval: true, workerData: this.workerData() });
    worker.unref();
    worker.on('message', (msg: unknown) => {
      const reply = replySchema.safeParse(msg);
      if (!reply.success) return;
      const waiting = this.pending.get(reply.data.id);
      if (!waiting) return;
      this.pending.delete(reply.data.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.data.error !== undefined) return waiting.reject(new Error(reply.data.error));
      waiting.resolve(reply.data.result);
    });
    const failAll = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(err);
      }
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`worker exited with code ${code}`)));
    return worker;
  }

  /** Sends one request; calls are answered in order. `transfer` moves buffers instead of copying them. */
  async call(request: Request, transfer: readonly TransferListItem[] = []): Promise<Result> {
    const worker = this.worker ?? (this.worker = this.start());
    const id = this.nextId++;
    const raw = await new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Referenced while a call is pending, so a script awaiting it is not ended early.
      worker.ref();
      worker.postMessage({ id, request }, [...transfer]);
    });
    return this.resultSchema.parse(raw);
  }

  /** Stops the worker; the next call starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
