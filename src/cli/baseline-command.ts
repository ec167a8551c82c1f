// `conformance baseline`: the baseline a report implies (every MUST rule that failed or erred, with the
// report's reason), written to --out or standard output, ready for `run --baseline`.
import { writeFileSync } from 'node:fs';
import { baselineFrom } from '../report/baseline.ts';
import { readJsonFile } from '../json-file.ts';
import { reportFormat, type Report } from '../report/report.ts';
import { UsageError } from './args.ts';

export function baselineCommand(o: { report: string; out?: string }): number {
  let report: Report;
  try {
    report = readJsonFile(o.report) as Report;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (report?.format !== reportFormat) throw new UsageError(`${o.report}: not a report of format ${reportFormat}`);
  const baseline = baselineFrom(report);
  const text = `${JSON.stringify(baseline, null, 2)}\n`;
  if (!o.out) {
    process.stdout.write(text);
    return 0;
  }
  writeFileSync(o.out, text);
  const n = baseline.rules.length;
  process.stderr.write(`conformance: baseline of ${n} rule${n === 1 ? '' : 's'} written to ${o.out}\n`);
  return 0;
}
