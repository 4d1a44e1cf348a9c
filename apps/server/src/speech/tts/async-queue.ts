/**
 * A queue that a callback-driven producer (socket events) fills and an async iterator drains,
 * in order; `fail` makes the next read throw.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | null = null;
  private done = false;
  private error: Error | null = null;

  constructor(private readonly onStop: () => void = () => {}) {}

  push(item: T): void {
    if (this.done) return;
    this.items.push(item);
    this.wake();
  }

  end(): void {
    this.done = true;
    this.wake();
  }

  fail(error: Error): void {
    if (this.done) return;
    this.error = error;
    this.done = true;
    this.wake();
  }

  private wake() {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    try {
      for (;;) {
        const item = this.items.shift();
        if (item !== undefined) {
          yield item;
          continue;
        }
        if (this.error) throw this.error;
        if (this.done) return;
        await new Promise<void>((resolve) => {
          this.waiter = resolve;
        });
      }
    } finally {
      // Runs when the consumer stops early too (break, throw): the producer is told to stop.
      this.done = true;
      this.onStop();
    }
  }
}
