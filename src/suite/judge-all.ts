// Rules about all entities judge every response reached: one bad response does not hide the others, and the
// failure reports the first with how many more there were.
import { RuleFailure, skipRule } from '../outcome.ts';

/** Runs `judge` on every item; throws the first RuleFailure, telling how many items failed. */
export function judgeAll<T>(items: readonly T[], judge: (item: T) => void): void {
  const failures: RuleFailure[] = [];
  for (const item of items) {
    try {
      judge(item);
    } catch (e) {
      if (!(e instanceof RuleFailure)) throw e;
      failures.push(e);
    }
  }
  throwFirst(failures, items.length);
}

/** Throws the first of `failures` (of `judged` things judged), telling how many there were. */
export function throwFirst(failures: readonly RuleFailure[], judged: number): void {
  const [first] = failures;
  if (!first) return;
  const more = failures.length > 1 ? ` (${failures.length - 1} more of ${judged} failed too)` : '';
  throw new RuleFailure(`${first.message}${more}`, first.details);
}

/** Skips the rule when there is nothing of the kind it judges. */
export function requireSome<T>(items: readonly T[], what: string): readonly T[] {
  if (items.length === 0) skipRule(`the crawl reached no ${what}`);
  return items;
}
