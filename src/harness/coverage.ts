// What a check judged: how many things of each kind, at how many distinct places. A pass means "judged, and it
// held", so a check that ends without judging anything is not a pass (src/harness/check.ts decides what it is). The
// tally is handed to the check in its context, and by the check to the helpers that judge for it.
import type { Covered } from '../check-outcome.ts';

/** Where a check counts what it judged. */
export interface Tally {
  /** Records that the check judged `count` things of kind `what` (at `place`, a path, when given). */
  judged(what: string, count?: number, place?: string): void;
  /** Records that the check left `count` things of kind `what` unjudged, and why: a state of the target's own making
   * (an open alert that closed meanwhile), not a fault. Shown in the coverage line, never counted as judged. */
  left(what: string, why: string, count?: number): void;
}

/** The tally of readings that judge nothing for a check: a look-up that decides what a refused write did. */
export const uncounted: Tally = { judged: () => undefined, left: () => undefined };

/** The tally of one run of one check. */
export class Coverage implements Tally {
  private readonly kinds = new Map<string, { count: number; places: Set<string> }>();
  private readonly unjudged = new Map<string, number>();

  judged(what: string, count = 1, place?: string): void {
    const kind = this.kinds.get(what) ?? { count: 0, places: new Set<string>() };
    kind.count += count;
    if (place !== undefined && count > 0) kind.places.add(place);
    this.kinds.set(what, kind);
  }

  left(what: string, why: string, count = 1): void {
    const key = `${what} not judged (${why})`;
    this.unjudged.set(key, (this.unjudged.get(key) ?? 0) + count);
  }

  /** How many things were judged. */
  get total(): number {
    let n = 0;
    for (const k of this.kinds.values()) n += k.count;
    return n;
  }

  list(): Covered[] {
    return [...this.kinds]
      .filter(([, k]) => k.count > 0)
      .map(([what, k]) => ({ what, count: k.count, places: k.places.size }))
      .concat([...this.unjudged].map(([what, count]) => ({ what, count, places: 0 })));
  }
}
