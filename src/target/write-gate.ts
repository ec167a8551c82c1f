// Checks run concurrently, and some write while others compare two readings of the target that must agree (a
// variant of a response with its plain reading). A quiet period holds back writes: it starts once the writes in
// flight have ended, and no write starts until it ends. Only readings go inside one.
const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

export class WriteGate {
  private writing = 0;
  private quiet = 0;
  private writesEnded: (() => void)[] = [];
  private quietEnded: (() => void)[] = [];

  /** Sends a request: a write waits for the end of every quiet period. */
  async send<T>(method: string, send: () => Promise<T>): Promise<T> {
    if (reads.has(method)) return send();
    while (this.quiet > 0) await new Promise<void>((resolve) => this.quietEnded.push(resolve));
    this.writing++;
    try {
      return await send();
    } finally {
      if (--this.writing === 0) wake(this.writesEnded);
    }
  }

  /** Runs `read` (readings only) while no write is in flight. */
  async quietly<T>(read: () => Promise<T>): Promise<T> {
    this.quiet++;
    try {
      while (this.writing > 0) await new Promise<void>((resolve) => this.writesEnded.push(resolve));
      return await read();
    } finally {
      if (--this.quiet === 0) wake(this.quietEnded);
    }
  }
}

function wake(waiting: (() => void)[]): void {
  for (const resolve of waiting.splice(0)) resolve();
}
