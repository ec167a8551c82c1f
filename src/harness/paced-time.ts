// Time a check spends waiting for its turn under the target's rate limit (spec 8) is pacing, not the target's
// slowness: a check's time limit leaves it out, so that a run against one busy project at the real limit is not cut
// short. Requests of one check that wait at once count once.
import { type Pacing, runningCheck } from './check-run.ts';

export class PacedTime implements Pacing {
  private waiting = 0;
  private since = 0;
  private total = 0;

  /** Milliseconds during which at least one of the check's requests waited for its turn. */
  ms(): number {
    return this.total + (this.waiting > 0 ? Date.now() - this.since : 0);
  }

  begin(): void {
    if (this.waiting++ === 0) this.since = Date.now();
  }

  end(): void {
    if (--this.waiting === 0) this.total += Date.now() - this.since;
  }
}

/** Awaits a request's turn, counted as the running check's paced time. */
export async function paced<T>(turn: Promise<T>): Promise<T> {
  const time = runningCheck()?.pacing;
  time?.begin();
  try {
    return await turn;
  } finally {
    time?.end();
  }
}
