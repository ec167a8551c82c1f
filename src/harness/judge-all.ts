// Rules about all entities judge every item reached: one bad item does not hide the others, and the failure reports
// the first with how many more there were. Each item judged counts in the check's tally; an item the target's
// faults kept out (a link the crawl could not fetch) leaves the rule unjudged unless a judged item already broke it.
import { RuleFailure, TargetError } from '../outcome.ts';
import type { Tally } from './coverage.ts';

export interface JudgeAllOptions<T> {
  /** Where an item was judged (a path), for the coverage's count of places. */
  place?: (item: T) => string;
  /** Faults that kept further items from being judged. */
  cut?: readonly TargetError[];
}

/** Runs `judge` on every item (things of kind `what`), counting each in `tally`; throws the first RuleFailure, telling
 * how many items failed. */
export function judgeAll<T>(
  tally: Tally,
  what: string,
  items: readonly T[],
  judge: (item: T) => void,
  options: JudgeAllOptions<T> = {},
): void {
  const failures: RuleFailure[] = [];
  for (const item of items) {
    try {
      judge(item);
    } catch (e) {
      if (!(e instanceof RuleFailure)) throw e;
      failures.push(e);
    }
    tally.judged(what, 1, options.place?.(item));
  }
  throwFirst(failures, items.length);
  throwCut(options.cut ?? []);
  requireSome(items, what);
}

/** Throws the first of `failures` (of `judged` things judged), telling how many there were. */
export function throwFirst(failures: readonly RuleFailure[], judgedCount: number): void {
  const [first] = failures;
  if (!first) return;
  const more = failures.length > 1 ? ` (${failures.length - 1} more of ${judgedCount} failed too)` : '';
  throw new RuleFailure(`${first.message}${more}`, first.details);
}

/** Throws the first fault that kept items from being judged, telling how many there were. */
export function throwCut(cut: readonly TargetError[]): void {
  const [first] = cut;
  if (!first) return;
  const more = cut.length > 1 ? ` (and ${cut.length - 1} more)` : '';
  const detail = first.message.startsWith(`${first.cause}: `)
    ? first.message.slice(first.cause.length + 2)
    : first.message;
  throw new TargetError(first.cause, `not every item could be reached to judge: ${detail}${more}`, first.exchange);
}

/** A rule about all things of a kind judged none: the target showed none, and no profile fact explains it. */
export function requireSome<T>(items: readonly T[], what: string): readonly T[] {
  if (items.length === 0) throw new TargetError('nothing-judged', `the target showed no ${what} to judge`);
  return items;
}
