// A rerun line works where it is printed and gives the run's result: a run started with the clone's
// `npm run conformance` prints lines of that script, typed in a subdirectory of the clone as well (npm runs the script
// in the clone's root), and they keep the baseline that made a failing rule expected, so the rerun exits as the run did.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.ts';
import { type CliRun, runLine } from './cli.ts';

const baseline = join(mkdtempSync(join(tmpdir(), 'rerun-')), 'baseline.json');
const clone = process.cwd();
const seed = 31;
let run: CliRun;
let report: Report;

const selected = ['METH-405', 'ERR-BODY-FIELDS'];
/** The status and baseline mark of each rule the run selected. */
const results = (r: Report) =>
  selected.map((id) => {
    const rule = r.rules.find((x) => x.id === id);
    return `${id} ${rule?.status} ${rule?.baseline ?? ''}`;
  });

beforeAll(async () => {
  writeFileSync(
    baseline,
    JSON.stringify({ format: 'conformance-baseline/1', rules: [{ id: 'METH-405', reason: 'known: answers 404' }] }),
  );
  run = await runLine(
    `npm run conformance -- --mutant METH-405 --rule ${selected[0]} --rule ${selected[1]} --baseline ${baseline} --seed ${seed} --num-runs 2`,
    clone,
  );
  expect(run.report, run.stderr).toBeDefined();
  report = run.report!;
}, 300_000);

describe("rerun lines of the clone's npm script", () => {
  it('name the script and every option that decided the result', () => {
    expect([run.code, results(report)[0]], run.stderr).toEqual([0, 'METH-405 fail expected-fail']);
    const common = `--target reference --mutant METH-405`;
    const inputs = `--baseline ${baseline} --seed ${seed} --num-runs 2 --cases covering`;
    expect(report.rerun).toBe(`npm run conformance -- ${common} --rule METH-405 --rule ERR-BODY-FIELDS ${inputs}`);
    expect(report.rules.find((r) => r.id === 'METH-405')!.rerun).toBe(
      `npm run conformance -- ${common} --rule METH-405 ${inputs}`,
    );
    expect(run.stdout.split('\n')).toContain(`rerun this run: ${report.rerun}`);
  });

  it("the rule's line, typed in a subdirectory of the clone, judges that rule as the run did and exits as it did", async () => {
    const sub = join(clone, 'config');
    mkdirSync(sub, { recursive: true });
    const again = await runLine(report.rules.find((r) => r.id === 'METH-405')!.rerun!, sub);
    expect(again.code, again.stderr).toBe(run.code);
    expect([again.report!.seed, again.report!.numRuns, results(again.report!)[0]]).toEqual([
      seed,
      2,
      'METH-405 fail expected-fail',
    ]);
  });

  it("the run's line, typed in the clone's root, repeats the run: same results, same exit code", async () => {
    const again = await runLine(report.rerun, clone);
    expect(again.code, again.stderr).toBe(run.code);
    expect(results(again.report!)).toEqual(results(report));
    expect(again.report!.rerun).toBe(report.rerun);
  });
});
