// `conformance verify FILE`: is this certificate intact (its SHA-256 matches its content) and was it made by
// this suite (suite version, spec and catalogue checksums), with a verdict that follows from its rule results?
import { certificateProblems, type Certificate } from '../report/certificate.ts';
import { readJsonFile } from '../json-file.ts';

export function verifyCommand(o: { file: string }): number {
  let value: unknown;
  try {
    value = readJsonFile(o.file);
  } catch (e) {
    process.stdout.write(`invalid: ${(e as Error).message}\n`);
    return 1;
  }
  const problems = certificateProblems(value);
  if (problems.length) {
    process.stdout.write(`invalid: ${o.file}\n${problems.map((p) => `  ${p}\n`).join('')}`);
    return 1;
  }
  const c = value as Certificate;
  process.stdout.write(
    `valid: ${o.file}: ${c.target.name} (${c.target.baseUrl}) is ${c.verdict.conformant ? 'conformant' : 'not conformant'}` +
      ` (suite ${c.suite.version}, ${c.startedAt}, seed ${c.seed}, num-runs ${c.numRuns})\n${c.verdict.reasons.map((r) => `  ${r}\n`).join('')}`,
  );
  return 0;
}
