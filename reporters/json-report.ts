// Writes reports/conformance.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../src/report/report.ts';

export function writeJsonReport(report: Report, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'conformance.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
