/** Open sockets per client address, so one client cannot hold every feedback slot of an instance. */
export class SocketLimiter {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a slot; false when the address already holds the maximum. */
  acquire(address: string): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= this.max) return false;
    this.open.set(address, count + 1);
    return true;
  }

  /** Gives a slot back. */
  release(address: string): void {
    const count = (this.open.get(address) ?? 1) - 1;
    if (count <= 0) this.open.delete(address);
    else this.open.set(address, count);
  }

  /** Slots an address holds now. */
  held(address: string): number {
    return this.open.get(address) ?? 0;
  }
}
