// Runs exchange rules over answers: for each rule, how many answers it judged (of which kinds, at which paths), why
// the others were not judged, and the first answer that broke it.
import type { HttpResponse } from '../http/messages.ts';
import { kindsOf, readAnswer, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { notApplying, notJudged, type ExchangeRule, type Verdict } from './rule.ts';

export interface Judgement {
  rule: string;
  /** Answers judged, in all, per kind (kindsOf) and per path. */
  judged: number;
  kinds: Map<string, number>;
  places: Map<string, number>;
  /** Answers not judged, per reason. */
  notJudged: Map<string, number>;
  /** Of those, the answers the rule is about that it could not judge (leftUnjudged), per reason. */
  cut: Map<string, number>;
  broken?: { answer: Answer; verdict: Extract<Verdict, { verdict: 'broken' }> };
}

const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

/** Judges every answer by every part of one rule (`parts`: the exchange rules of one rule id). */
export function judgeRule(parts: readonly ExchangeRule[], ctx: ExchangeContext, answers: readonly Answer[]): Judgement {
  const j: Judgement = {
    rule: parts[0]!.rule,
    judged: 0,
    kinds: new Map(),
    places: new Map(),
    notJudged: new Map(),
    cut: new Map(),
  };
  for (const a of answers) {
    const verdicts = parts.map((p) => {
      const why = notApplying(p.appliesTo, a);
      return why === undefined ? p.judge(ctx, a) : notJudged(why);
    });
    const judged = verdicts.filter((v) => v.verdict !== 'not-judged');
    if (judged.length === 0) {
      for (const v of verdicts) {
        if (v.verdict !== 'not-judged') continue;
        bump(j.notJudged, v.why);
        if (v.cut) bump(j.cut, v.why);
      }
      continue;
    }
    j.judged += 1;
    bump(j.places, a.url.pathname);
    for (const k of kindsOf(a)) bump(j.kinds, k);
    const b = judged.find((v) => v.verdict === 'broken');
    if (b && !j.broken) j.broken = { answer: a, verdict: b };
  }
  return j;
}

/** Judges the answers by every rule of `rules`, one judgement per rule id. */
export function judgeAnswers(
  rules: readonly ExchangeRule[],
  ctx: ExchangeContext,
  responses: readonly HttpResponse[],
): Judgement[] {
  const answers = responses.map((res) => readAnswer(ctx, res));
  const ids = [...new Set(rules.map((r) => r.rule))];
  return ids.map((id) =>
    judgeRule(
      rules.filter((r) => r.rule === id),
      ctx,
      answers,
    ),
  );
}
