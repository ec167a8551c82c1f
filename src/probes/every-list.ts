// Rules about every list judge each list of the run: one bad list does not hide the others, the first failure (in the
// lists' order) is reported with how many more there were, and each list counts in the check's tally by what it let the
// rule judge ('list', 'list without items'), or not at all when it had nothing for the rule.
import { RuleFailure, TargetError } from '../outcome.ts';
import type { Tally } from '../harness/coverage.ts';
import { requireSome, throwCut, throwFirst } from '../harness/judge-all.ts';
import type { PagedList } from './surface/paged-lists.ts';

/** Runs `judge` on every list at once; it returns what it judged, or undefined when the list had nothing to judge. */
export async function judgeEveryList(
  tally: Tally,
  lists: readonly PagedList[],
  judge: (l: PagedList) => Promise<string | undefined>,
): Promise<void> {
  const outcomes = await Promise.all(
    lists.map(async (l) => {
      try {
        return { l, what: await judge(l) };
      } catch (e) {
        if (e instanceof RuleFailure || e instanceof TargetError) return { l, what: 'list', error: e };
        throw e;
      }
    }),
  );
  const judgedLists = outcomes.filter((o) => o.what !== undefined && !(o.error instanceof TargetError));
  for (const o of judgedLists) tally.judged(o.what!, 1, o.l.path);
  throwFirst(
    outcomes.flatMap((o) => (o.error instanceof RuleFailure ? [o.error] : [])),
    judgedLists.length,
  );
  throwCut(outcomes.flatMap((o) => (o.error instanceof TargetError ? [o.error] : [])));
  requireSome(judgedLists, 'list');
}
