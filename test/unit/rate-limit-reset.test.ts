// The judgement of a reset (spec 8 rule 2): after the turn, the whole budget again.
import { describe, expect, it } from 'vitest';
import { checkWholeBudgetAfterTurn } from '../../src/judges/rate-limit.ts';
import { RuleFailure } from '../../src/outcome.ts';
import { answer } from '../support/answers.ts';

const url = 'https://target/api/platform/v2/groups/p1';
const burst = (through: number, refused: number) => [
  ...Array.from({ length: through }, () => answer('GET', url, 200)),
  ...Array.from({ length: refused }, () => answer('GET', url, 429)),
];

describe('checkWholeBudgetAfterTurn', () => {
  it('holds when the first request after the turn and the burst after it are admitted the whole budget', () => {
    expect(() => checkWholeBudgetAfterTurn(burst(9, 3), 10, 10)).not.toThrow();
  });

  it('leaves more than the budget to the rules of the limit', () => {
    expect(() => checkWholeBudgetAfterTurn(burst(12, 0), 13, 10)).not.toThrow();
  });

  it('fails when only part of the budget is admitted after the turn, citing the first refusal', () => {
    const answers = burst(7, 5);
    let failure: unknown;
    try {
      checkWholeBudgetAfterTurn(answers, 8, 10);
    } catch (e) {
      failure = e;
    }
    expect(failure).toBeInstanceOf(RuleFailure);
    expect((failure as RuleFailure).message).toBe(
      'in the window after the turn the project was admitted 8 requests, then refused, where a window admits 10',
    );
    expect((failure as RuleFailure).details.exchange).toBe(answers[7]!.exchange);
  });
});
