// Expected failures: with --baseline FILE the exit code ignores the rules the file lists as failing (reported as
// expected-fail), rules it lists that pass are reported as unexpected-pass, and every other failure still
// fails the run. Proven against mutants of the reference target; `conformance baseline` writes the file from
// a report. A bad file stops the run with exit code 2, naming the field.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBaseline } from '../../src/report/baseline.ts';
import { runCli, statusOf, type CliRun } from './cli.ts';
import { readJunit } from './report-readers.ts';

const dir = mkdtempSync(join(tmpdir(), 'baseline-'));
const rules = ['--rule', 'METH-405', '--rule', 'LIST-EMPTY-200'];
const github = { GITHUB_ACTIONS: 'true' };
const baselineFile = join(dir, 'baseline.json');
const annotations = (r: CliRun) => r.stderr.split('\n').filter((l) => l.startsWith('::'));
let first: CliRun;

function fileWith(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bad-baseline-')), 'baseline.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

beforeAll(async () => {
  first = await runCli(['run', '--mutant', 'METH-405', ...rules]);
}, 120_000);

describe('baseline', () => {
  it("is written from a report: every failing MUST rule, with the report's reason", async () => {
    expect(first.code).toBe(1);
    const written = await runCli([
      'baseline',
      '--report',
      join(first.reportsDir, 'conformance.json'),
      '--out',
      baselineFile,
    ]);
    expect(written.code, written.stderr).toBe(0);
    const baseline = loadBaseline(baselineFile);
    expect(baseline.rules).toEqual([
      { id: 'METH-405', reason: first.report!.rules.find((r) => r.id === 'METH-405')!.reason },
    ]);
    // Without --out it goes to stdout.
    const printed = await runCli(['baseline', '--report', join(first.reportsDir, 'conformance.json')]);
    expect(JSON.parse(printed.stdout)).toEqual(baseline);
  });

  it('turns a listed failure into expected-fail and exit code 0; no certificate', async () => {
    const r = await runCli(['run', '--mutant', 'METH-405', ...rules, '--baseline', baselineFile], github);
    expect(r.code, r.stdout).toBe(0);
    const meth = r.report!.rules.find((x) => x.id === 'METH-405')!;
    expect([meth.status, meth.baseline]).toEqual(['fail', 'expected-fail']);
    expect(r.report!.baseline).toMatchObject({ file: baselineFile, expectedFail: ['METH-405'], unexpectedPass: [] });
    expect(r.stdout).toMatch(/METH-405 .* FAIL +\[expected-fail\]/);
    expect(annotations(r)).toEqual([]);
    const junit = readJunit(readFileSync(join(r.reportsDir, 'junit.xml'), 'utf8'));
    expect(junit.cases.find((c) => c.rule === 'METH-405')!.message).toMatch(
      /^expected-fail \(baseline: .*\): DELETE is not supported/,
    );
    expect(junit.totals.failures).toBe('0');
    expect(() => readFileSync(join(r.reportsDir, 'certificate.json'))).toThrow(/ENOENT/);
    // Progress on a log (not a terminal): the rule tallies as the checks see them, before the baseline.
    expect(r.stderr).toMatch(/^checks done in \d+ s: 2 rules: 1 pass, 1 fail, 0 error, 0 skipped$/m);
  });

  it('fails on a new failure that the baseline does not list', async () => {
    const r = await runCli(
      ['run', '--mutant', 'METH-405', '--mutant', 'LIST-EMPTY-200', ...rules, '--baseline', baselineFile],
      github,
    );
    expect(r.code).toBe(1);
    expect(statusOf(r.report!, 'LIST-EMPTY-200')).toBe('fail');
    expect(r.report!.rules.find((x) => x.id === 'LIST-EMPTY-200')!.baseline).toBeUndefined();
    expect(r.report!.baseline!.expectedFail).toEqual(['METH-405']);
    expect(annotations(r)).toEqual([expect.stringMatching(/^::error title=LIST-EMPTY-200::fail: /)]);
  });

  it('reports a listed rule that passes as unexpected-pass, with exit code 0', async () => {
    const r = await runCli(['run', ...rules, '--baseline', baselineFile], github);
    expect(r.code).toBe(0);
    const meth = r.report!.rules.find((x) => x.id === 'METH-405')!;
    expect([meth.status, meth.baseline]).toEqual(['pass', 'unexpected-pass']);
    expect(r.report!.baseline).toMatchObject({ expectedFail: [], unexpectedPass: ['METH-405'] });
    expect(r.stdout).toMatch(/unexpected pass: METH-405 passes; remove it from the baseline/);
    expect(annotations(r)).toEqual([
      expect.stringMatching(/^::warning title=METH-405::passes, but the baseline .* lists it as failing/),
    ]);
  });

  it('names the field at fault in a bad baseline file', () => {
    const cases: [unknown, RegExp][] = [
      ['{ not json', /not valid JSON/],
      [{ rules: [] }, /: format: required field is missing$/],
      [{ format: 'conformance-baseline/2', rules: [] }, /: format: must be "conformance-baseline\/1"$/],
      [
        { format: 'conformance-baseline/1', rules: [{ id: 'METH-405' }] },
        /: rules\.0\.reason: required field is missing$/,
      ],
      [
        { format: 'conformance-baseline/1', rules: [{ id: 'METH-405', reason: 'x', ticket: 1 }] },
        /: rules\.0\.ticket: unknown field$/,
      ],
      [
        { format: 'conformance-baseline/1', rules: [{ id: 'NO-SUCH-RULE', reason: 'x' }] },
        /: rules\.0\.id: unknown rule id NO-SUCH-RULE/,
      ],
      [
        {
          format: 'conformance-baseline/1',
          rules: [
            { id: 'METH-405', reason: 'x' },
            { id: 'METH-405', reason: 'y' },
          ],
        },
        /: rules\.1\.id: METH-405 is listed twice$/,
      ],
    ];
    for (const [content, message] of cases)
      expect(() => loadBaseline(fileWith(content)), JSON.stringify(content)).toThrow(message);
  });

  it('stops the run with exit code 2 on a bad baseline file, before any rule runs', async () => {
    const r = await runCli([
      'run',
      '--baseline',
      fileWith({ format: 'conformance-baseline/1', rules: [{ id: 'METH-405' }] }),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^conformance: bad baseline: .*baseline\.json: rules\.0\.reason: required field is missing\n$/,
    );
    expect(r.report).toBeUndefined();
  });
});
