// What a check judged: how many things of each kind, at how many distinct places. A pass means "judged, and it
// held", so a check that ends without judging anything is not a pass (src/harness/check.ts decides what it is).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Covered } from '../check-outcome.ts';

/** The tally of one run of one check. */
export class Coverage {
  private readonly kinds = new Map<string, { count: number; places: Set<string> }>();

  add(what: string, count: number, place?: string): void {
    const kind = this.kinds.get(what) ?? { count: 0, places: new Set<string>() };
    kind.count += count;
    if (place !== undefined && count > 0) kind.places.add(place);
    this.kinds.set(what, kind);
  }

  get judged(): number {
    let n = 0;
    for (const k of this.kinds.values()) n += k.count;
    return n;
  }

  list(): Covered[] {
    return [...this.kinds]
      .filter(([, k]) => k.count > 0)
      .map(([what, k]) => ({ what, count: k.count, places: k.places.size }));
  }
}

const current = new AsyncLocalStorage<Coverage>();

export function withCoverage<T>(coverage: Coverage, fn: () => Promise<T>): Promise<T> {
  return current.run(coverage, fn);
}

/** Records that the current check judged `count` things of kind `what` (at `place`, a path, when given). */
export function judged(what: string, count = 1, place?: string): void {
  current.getStore()?.add(what, count, place);
}
