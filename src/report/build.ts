// Assembles the report of a run from the catalogue, the spec and the check results.
import { readFileSync } from 'node:fs';
import { catalogueChecksum, rules as catalogue } from '../catalogue/catalogue.ts';
import { specChecksum } from '../catalogue/spec.ts';
import { aggregate, totals } from './aggregate.ts';
import { reportFormat, type CheckResult, type Report } from './report.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
export const suiteVersion = pkg.version;
export const suiteName = pkg.name;

export interface RunFacts {
  target: Report['target'];
  seed: number;
  numRuns: number;
  filter?: Report['filter'];
  selected?: Set<string>;
  startedAt: Date;
  checks: CheckResult[];
  runErrors: string[];
  interrupted?: string;
  cleanup: Report['cleanup'];
  rateLimit?: Report['rateLimit'];
  /** Commands that rerun the whole run, and one rule of it. */
  rerun: { run: string; rule: (ruleId: string) => string };
}

export function buildReport(f: RunFacts): Report {
  const results = aggregate(f.checks, f.selected);
  for (const r of results) if (r.status === 'fail' || r.status === 'error') r.rerun = f.rerun.rule(r.id);
  return {
    format: reportFormat,
    suite: { name: pkg.name, version: pkg.version },
    spec: { file: 'spec/admin-api-spec.md', sha256: specChecksum },
    catalogue: { sha256: catalogueChecksum, rules: catalogue.length },
    target: f.target,
    seed: f.seed,
    numRuns: f.numRuns,
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
    rules: results,
  };
}

/** 0 when no MUST rule failed or erred (with strict: when every MUST rule passed), the run had no errors and left
 * nothing behind; 130 or 143 after an interrupt. Rules the baseline expects to fail do not count. */
export function exitCodeOf(report: Report, strict: boolean): number {
  if (report.interrupted) return report.interrupted === 'SIGTERM' ? 143 : 130;
  if (report.runErrors.length || report.cleanup.leftovers.length) return 1;
  const must = report.rules.filter((r) => r.level === 'MUST' && r.baseline !== 'expected-fail');
  const bad = strict ? must.filter((r) => r.status !== 'pass') : must.filter((r) => r.status === 'fail' || r.status === 'error');
  return bad.length ? 1 : 0;
}
