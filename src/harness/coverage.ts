// What a check judged: how many things of each kind, at how many distinct places. A pass means "judged, and it
// held", so a check that ends without judging anything is not a pass (src/harness/check.ts decides what it is). The
// tally is handed to the check in its context, and by the check to the helpers that judge for it.
import type { Covered } from '../check-outcome.ts';

/** Where a check counts what it judged. */
export interface Tally {
  /** Records that the check judged `count` things of kind `what` (at `place`, a path, when given). */
  judged(what: string, count?: number, place?: string): void;
}

/** The tally of readings that judge nothing for a check: a look-up that decides what a refused write did. */
export const uncounted: Tally = { judged: () => undefined };

/** The tally of one run of one check. */
export class Coverage implements Tally {
  private readonly kinds = new Map<string, { count: number; places: Set<string> }>();

  judged(what: string, count = 1, place?: string): void {
    const kind = this.kinds.get(what) ?? { count: 0, places: new Set<string>() };
    kind.count += count;
    if (place !== undefined && count > 0) kind.places.add(place);
    this.kinds.set(what, kind);
  }

  get total(): number {
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
