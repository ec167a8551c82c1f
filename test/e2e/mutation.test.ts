// The suite's power, proven: against the reference target every rule with a check passes, and each mutant
// of the reference target fails its own rule while no unrelated rule fails (run with its rule plus the smoke set).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.ts';
import { runCli, type CliRun } from './cli.ts';

interface Mutant { id: string; rule: string; description: string }
const mutants = JSON.parse(readFileSync('reference/mutants.json', 'utf8')) as Mutant[];

const checked = (report: Report) => report.rules.filter((r) => r.checks.length > 0);
const broken = (report: Report) => report.rules.filter((r) => r.status === 'fail' || r.status === 'error');

describe('against the reference target', () => {
  let run: CliRun;
  beforeAll(async () => {
    run = await runCli(['run', '--quiet']);
  });

  it('runs every suite and passes every rule that has a check', () => {
    expect(run.report, run.stderr).toBeDefined();
    const report = run.report!;
    expect(report.runErrors).toEqual([]);
    expect(checked(report).length).toBeGreaterThan(0);
    expect(checked(report).filter((r) => r.status !== 'pass').map((r) => `${r.id}: ${r.status} ${r.reason}`)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('has a mutant for every rule that has a check, and a check for every mutant', () => {
    const withChecks = new Set(checked(run.report!).map((r) => r.id));
    const mutated = new Set(mutants.map((m) => m.rule));
    expect([...withChecks].filter((id) => !mutated.has(id))).toEqual([]);
    expect([...mutated].filter((id) => !withChecks.has(id))).toEqual([]);
  });
});

describe.concurrent('each mutant is caught by its own rule only', () => {
  for (const m of mutants) {
    it(m.id, async () => {
      const r = await runCli(['run', '--quiet', '--mutant', m.id, '--rule', m.rule, '--tag', 'smoke']);
      expect(r.report, r.stderr).toBeDefined();
      const rule = r.report!.rules.find((x) => x.id === m.rule)!;
      expect(rule.status, `${m.id}: ${m.description}`).toBe('fail');
      expect(broken(r.report!).map((x) => x.id)).toEqual([m.rule]);
      expect(r.code).toBe(1);
    });
  }
});
