// A check of one rule's exchange rules over every answer of the run: judges them all, counts what it judged per
// kind, and fails with the first answer that broke the rule.
import { exchangeContext } from '../../src/exchange-rules/context.ts';
import { judgeRule } from '../../src/exchange-rules/engine.ts';
import { readAnswer } from '../../src/exchange-rules/answer.ts';
import { exchangeRulesOf } from '../../src/exchange-rules/registry.ts';
import { judged } from '../../src/harness/coverage.ts';
import { cite } from '../../src/harness/evidence.ts';
import type { CheckContext } from '../../src/harness/check.ts';
import { RuleFailure } from '../../src/outcome.ts';

/** The check of rule `id`: its exchange rules over every answer the run received before it. */
export function judgeRun(id: string): (ctx: CheckContext) => Promise<void> {
  return async ({ target }) => {
    const ctx = exchangeContext(target.profile);
    const j = judgeRule(
      exchangeRulesOf(id),
      ctx,
      target.exchanges.answers.map((res) => readAnswer(ctx, res)),
    );
    for (const [path, n] of j.places) judged('exchange', n, path);
    for (const [kind, n] of j.kinds) judged(kind, n);
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
