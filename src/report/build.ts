// Assembles the report of a run from the catalogue, the spec and the check results.
import { readFileSync } from 'node:fs';
import { catalogueChecksum, rules as catalogue } from '../catalogue/catalogue.ts';
import { specChecksum } from '../catalogue/spec.ts';
import { aggregate, totals } from './aggregate.ts';
import { reportFormat, type CheckResult, type Report } from './report.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};
export const suiteVersion = pkg.version;
export const suiteName = pkg.name;

export interface RunFacts {
  target: Report['target'];
  seed: number;
  numRuns: number;
  cases: Report['cases'];
  runId: string;
  filter?: Report['filter'];
  selected?: Set<string>;
  startedAt: Date;
  checks: CheckResult[];
  runErrors: string[];
  interrupted?: string;
  cleanup: Report['cleanup'];
  rateLimit?: Report['rateLimit'];
  plan?: Report['plan'];
  /** Commands that rerun the whole run, and one rule of it. */
  rerun: { run: string; rule: (ruleId: string) => string };
}

export function buildReport(f: RunFacts): Report {
  const results = aggregate(f.checks, f.selected, undefined, f.interrupted !== undefined);
  for (const r of results) if (r.status === 'fail' || r.status === 'error') r.rerun = f.rerun.rule(r.id);
  return {
    format: reportFormat,
    suite: { name: pkg.name, version: pkg.version },
    spec: { file: 'spec/admin-api-spec.md', sha256: specChecksum },
    catalogue: { sha256: catalogueChecksum, rules: catalogue.length },
    target: f.target,
    seed: f.seed,
    numRuns: f.numRuns,
    cases: f.cases,
    runId: f.runId,
    ...(f.filter ? { filter: f.filter } : {}),
    rerun: f.rerun.run,
    startedAt: f.startedAt.toISOString(),
    durationMs: Date.now() - f.startedAt.getTime(),
    requests: f.checks.reduce((n, c) => n + c.requests, 0),
    totals: totals(results),
    mustTotals: totals(results.filter((r) => r.level === 'MUST')),
    runErrors: f.runErrors,
    ...(f.interrupted ? { interrupted: f.interrupted } : {}),
    cleanup: f.cleanup,
    ...(f.rateLimit ? { rateLimit: f.rateLimit } : {}),
    ...(f.plan ? { plan: f.plan } : {}),
    rules: results,
  };
}

/** The exit code of a run and, unless it is 0, why, in one line: 130 or 143 after an interrupt; 1 when a MUST rule
 * failed or erred (with strict: when one did not pass and is applicable), the run had errors of its own or left something behind; else 0.
 * Rules the baseline expects to fail do not count. `file` is where the report was written. */
export function exitOf(report: Report, strict: boolean, file: string): { code: number; why?: string } {
  const causes: string[] = [];
  const left = report.cleanup.leftovers.length;
  if (left)
    causes.push(
      `the run left ${left} ${left === 1 ? 'entity' : 'entities'} it created on the target (run ${report.runId}): see cleanup.leftovers in ${file}`,
    );
  if (report.interrupted) {
    return {
      code: report.interrupted === 'SIGTERM' ? 143 : 130,
      why: [`interrupted by ${report.interrupted}: the results are incomplete`, ...causes].join('; '),
    };
  }
  if (report.runErrors.length)
    causes.push(
      `the run had ${report.runErrors.length} ${report.runErrors.length === 1 ? 'error' : 'errors'} of its own (runErrors in ${file})`,
    );
  const must = report.rules.filter((r) => r.level === 'MUST' && r.baseline !== 'expected-fail');
  const bad = must.filter((r) => r.status === 'fail' || r.status === 'error');
  if (bad.length)
    causes.push(`${bad.length} MUST ${bad.length === 1 ? 'rule' : 'rules'} failed or erred: ${named(bad)}`);
  // A rule not applicable has nothing to judge on this target, and one left out was not asked for: neither is unjudged.
  const judgedOrNotApplicable = ['pass', 'fail', 'error', 'not-applicable', 'left-out'];
  const unjudged = strict ? must.filter((r) => !judgedOrNotApplicable.includes(r.status)) : [];
  if (unjudged.length)
    causes.push(
      `--strict, and ${unjudged.length} MUST ${unjudged.length === 1 ? 'rule was' : 'rules were'} not judged: ${named(unjudged)}`,
    );
  return causes.length ? { code: 1, why: causes.join('; ') } : { code: 0 };
}

/** A few rule ids, and how many more. */
function named(rules: { id: string }[]): string {
  const shown = rules
    .slice(0, 5)
    .map((r) => r.id)
    .join(', ');
  return rules.length > 5 ? `${shown} and ${rules.length - 5} more` : shown;
}
