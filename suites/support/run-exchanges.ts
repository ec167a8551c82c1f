// A check of one rule's exchange rules over every answer of the run: judges them all, counts what it judged per
// kind, and fails with the first answer that broke the rule. A run that received no answer of the kind it judges
// leaves it not applicable (every rule with exchange rules has planned checks besides, which judge it); one whose
// answers of that kind could none be judged (leftUnjudged) leaves it unjudged. Each answer
// is read (its body parsed) once, whichever rule judges it.
import { exchangeContext } from '../../src/exchange-rules/context.ts';
import { judgeRule } from '../../src/exchange-rules/engine.ts';
import { readAnswer, type Answer } from '../../src/exchange-rules/answer.ts';
import type { ExchangeContext } from '../../src/exchange-rules/context.ts';
import type { HttpResponse } from '../../src/http/messages.ts';
import { exchangeRulesOf } from '../../src/exchange-rules/registry.ts';
import { documentReading } from '../../src/surface/target-surface.ts';
import { once } from '../../src/harness/per-run.ts';
import type { Target } from '../../src/target/target.ts';
import { cite } from '../../src/harness/evidence.ts';
import type { CheckContext } from '../../src/harness/check.ts';
import { NoneInRun, RuleFailure, TargetError } from '../../src/outcome.ts';
import type { Judgement } from '../../src/exchange-rules/engine.ts';

const read = new WeakMap<HttpResponse, Answer>();

/** An answer as the exchange rules read it; a response belongs to one run, so to one context. */
function answerOf(ctx: ExchangeContext, res: HttpResponse): Answer {
  const known = read.get(res);
  if (known) return known;
  const answer = readAnswer(ctx, res);
  read.set(res, answer);
  return answer;
}

/** Why none of the run's answers was judged: its most frequent reasons ("of its 1,204 answers: 950 not a 404, ..."). */
function noneJudged(count: number, j: Judgement): string {
  const why = [...j.notJudged].sort((a, b) => b[1] - a[1]);
  const shown = why.slice(0, 3).map(([reason, n]) => `${n.toLocaleString('en-US')} ${reason}`);
  const more = why.length > 3 ? ', ...' : '';
  return `the run received no answer this check judges${count ? ` (of its ${count.toLocaleString('en-US')} answers: ${shown.join(', ')}${more})` : ''}`;
}

/** The run's one context of the exchange rules, with its target's document read once for all of them: a document
 * a fault kept from being read is not asked for again by each rule. */
const runContext = (target: Target): Promise<ExchangeContext> =>
  once('exchange-context', async () => exchangeContext(target.profile, true, await documentReading(target)), {
    afresh: false,
  });

/** The check of rule `id`: its exchange rules over every answer the run received before it. */
export function judgeRun(id: string): (ctx: CheckContext) => Promise<void> {
  return async ({ target, tally }) => {
    const ctx = await runContext(target);
    const answers = target.exchanges.answers;
    const j = judgeRule(
      exchangeRulesOf(id),
      ctx,
      answers.map((res) => answerOf(ctx, res)),
    );
    // Answers the rule is about that it could not judge are listed; with none judged, the rule is unjudged, not
    // without a subject.
    for (const [why, n] of j.cut) tally.left('exchange', why, n);
    if (j.judged === 0) {
      const none = noneJudged(answers.length, j);
      throw j.cut.size > 0 ? new TargetError('nothing-judged', none) : new NoneInRun(none);
    }
    for (const [path, n] of j.places) tally.judged('exchange', n, path);
    for (const [kind, n] of j.kinds) tally.judged(kind, n);
    if (!j.broken) return;
    const { answer, verdict } = j.broken;
    cite(answer.res.exchange);
    throw new RuleFailure(verdict.message, {
      expected: verdict.expected,
      actual: verdict.actual,
      exchange: answer.res.exchange,
    });
  };
}
