// What a test shows when a run it expected to pass did not: each rule that did not pass, with its reason.
import type { RuleResult } from '../../src/report/report.ts';

/** `id: status reason` of each rule whose status is not among `passing` (a left-out rule was not run). */
export const unpassed = (rules: readonly RuleResult[], passing = ['pass', 'left-out']): string[] =>
  rules.filter((r) => !passing.includes(r.status)).map((r) => `${r.id}: ${r.status} ${r.reason}`);
