// From check results to rule results: a rule fails if any check fails, errs if any errs (and none fails),
// passes if every judged check passed (partially when some were skipped for a profile fact), is skipped if every
// check was skipped, is not applicable if every check was (or some were, and the others skipped: not judged), and is
// untested with no check, or left-out when a filter did not select it. A rule an interrupt stopped (a check of it
// in flight, or not reached) is interrupted, unless a check of it failed or erred first. A check that is not applicable beside passing ones leaves the pass whole.
import { compareSections, rules as catalogue } from '../catalogue/catalogue.ts';
import type { Status } from '../outcome.ts';
import { describeCoverage, type Covered } from '../check-outcome.ts';
import type { CheckResult, RuleResult, Totals } from './report.ts';

const precedence: Exclude<Status, 'untested' | 'left-out'>[] = [
  'fail',
  'error',
  'interrupted',
  'pass',
  'skipped',
  'not-applicable',
];

export function emptyTotals(): Totals {
  return { pass: 0, fail: 0, error: 0, skipped: 0, untested: 0, 'not-applicable': 0, 'left-out': 0, interrupted: 0 };
}

/** The reason of a rule a --rule/--tag filter left out. */
const notSelectedReason = 'not selected by the rule or tag filter';

/** `interrupted`: the run was stopped, so a selected rule without a check result was never reached. */
export function aggregate(
  checks: CheckResult[],
  selected: Set<string> | undefined,
  evidencePerRule = 12,
  interrupted = false,
): RuleResult[] {
  const byRule = new Map<string, CheckResult[]>();
  for (const c of checks) byRule.set(c.rule, [...(byRule.get(c.rule) ?? []), c]);
  return [...catalogue]
    .sort((a, b) => compareSections(a.section, b.section))
    .map((rule): RuleResult => {
      const mine = byRule.get(rule.id) ?? [];
      const base = {
        id: rule.id,
        section: rule.section,
        level: rule.level,
        statement: rule.statement,
        tags: rule.tags,
      };
      if (mine.length === 0) {
        const [status, reason]: [Status, string] =
          selected && !selected.has(rule.id)
            ? ['left-out', notSelectedReason]
            : interrupted
              ? ['interrupted', 'the run was interrupted before any check of this rule ran']
              : ['untested', 'no check implements this rule yet'];
        return {
          ...base,
          status,
          reason,
          checks: [],
          evidence: [],
        };
      }
      const status = precedence.find((s) => mine.some((c) => c.status === s))!;
      // Checks finish in any order (they run concurrently); the reason must not depend on it.
      const deciding = mine.filter((c) => c.status === status).sort((a, b) => a.name.localeCompare(b.name));
      const skipped = mine.filter((c) => c.status === 'skipped').sort((a, b) => a.name.localeCompare(b.name));
      const reason =
        status === 'pass'
          ? skipped.length
            ? `partially judged: ${skipped.length} of ${mine.length} checks skipped (${skipped[0]!.reason}${skipped.length > 1 ? ', ...' : ''})`
            : undefined
          : deciding.length > 1
            ? `${deciding[0]!.reason} (and ${deciding.length - 1} more ${moreChecks[status]} check${deciding.length > 2 ? 's' : ''})`
            : deciding[0]!.reason;
      const ordered = [...deciding, ...mine.filter((c) => c.status !== status)];
      const coverage = describeCoverage(mergeCovered(mine.flatMap((c) => c.covered ?? [])));
      return {
        ...base,
        status,
        ...(reason ? { reason } : {}),
        ...(status === 'pass' && skipped.length > 0 ? { partial: true as const } : {}),
        ...(coverage ? { coverage } : {}),
        checks: mine.map(({ rule: _r, evidence: _e, ...rest }) => rest),
        evidence: ordered.flatMap((c) => c.evidence.map((e) => ({ ...e, check: c.name }))).slice(0, evidencePerRule),
      };
    });
}

const moreChecks: Record<Exclude<Status, 'untested' | 'pass' | 'left-out'>, string> = {
  fail: 'failing',
  error: 'erring',
  skipped: 'skipped',
  'not-applicable': 'not applicable',
  interrupted: 'interrupted',
};

/** The coverage of several checks, summed per kind. */
function mergeCovered(covered: readonly Covered[]): Covered[] {
  const byKind = new Map<string, Covered>();
  for (const c of covered) {
    const sum = byKind.get(c.what) ?? { what: c.what, count: 0, places: 0 };
    byKind.set(c.what, { what: c.what, count: sum.count + c.count, places: sum.places + c.places });
  }
  return [...byKind.values()];
}

export function totals(results: RuleResult[]): Totals {
  const t = emptyTotals();
  for (const r of results) t[r.status] += 1;
  return t;
}
