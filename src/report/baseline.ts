// Expected failures (--baseline FILE): rules a target is known to fail, each with a reason. A run marks listed
// rules that fail or err as expected-fail (the exit code ignores them) and listed rules that pass as
// unexpected-pass (so that the list can shrink); every other failure still fails the run.
import { findRule } from '../catalogue/catalogue.ts';
import { readJsonFile, schemaChecker } from '../json-file.ts';
import type { Report } from './report.ts';

export const baselineFormat = 'conformance-baseline/1';

export interface Baseline {
  $schema?: string;
  format: typeof baselineFormat;
  target?: string;
  rules: { id: string; reason: string }[];
}

export class BaselineError extends Error {
  override readonly name = 'BaselineError';
}

const checkSchema = schemaChecker(new URL('../../schemas/baseline.schema.json', import.meta.url));

export function loadBaseline(file: string): Baseline {
  let value: unknown;
  try {
    value = readJsonFile(file);
  } catch (e) {
    throw new BaselineError((e as Error).message);
  }
  const problem = checkSchema(value);
  if (problem) throw new BaselineError(`${file}: ${problem}`);
  const baseline = value as Baseline;
  const seen = new Set<string>();
  baseline.rules.forEach((r, i) => {
    if (!findRule(r.id))
      throw new BaselineError(`${file}: rules.${i}.id: unknown rule id ${r.id} (see 'conformance rules')`);
    if (seen.has(r.id)) throw new BaselineError(`${file}: rules.${i}.id: ${r.id} is listed twice`);
    seen.add(r.id);
  });
  return baseline;
}

export function applyBaseline(report: Report, baseline: Baseline, file: string): void {
  const listed = new Set(baseline.rules.map((r) => r.id));
  for (const r of report.rules) {
    if (!listed.has(r.id)) continue;
    // A listed rule that is skipped or untested says nothing either way: it stays unmarked.
    if (r.status === 'fail' || r.status === 'error') r.baseline = 'expected-fail';
    else if (r.status === 'pass') r.baseline = 'unexpected-pass';
  }
  const marked = (m: string) => report.rules.filter((r) => r.baseline === m).map((r) => r.id);
  report.baseline = {
    file,
    rules: baseline.rules,
    expectedFail: marked('expected-fail'),
    unexpectedPass: marked('unexpected-pass'),
  };
}

/** The baseline a report implies: every MUST rule that failed or erred, with the report's reason. */
export function baselineFrom(report: Report): Baseline {
  return {
    format: baselineFormat,
    target: report.target.name,
    rules: report.rules
      .filter((r) => r.level === 'MUST' && (r.status === 'fail' || r.status === 'error'))
      .map((r) => ({ id: r.id, reason: r.reason ?? r.status })),
  };
}
