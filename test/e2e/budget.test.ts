// --budget: the CLI plans the cases per property from the cost model, prints the plan before the run, runs with it
// and keeps it in the report; a budget it cannot read, or given with --num-runs, is a usage error.
import { describe, expect, it } from 'vitest';
import { loadProfile, referenceProfileFile } from '../../src/profile/load.ts';
import { loadCostModel, planBudget } from '../../src/runner/plan.ts';
import { runCli } from './cli.ts';

describe('conformance run --budget', () => {
  it('refuses a budget that is not a duration, and one given with --num-runs', async () => {
    for (const [args, message] of [
      [['run', '--budget', '10x'], /^conformance: --budget takes a duration such as 10m, 90s or 1h, not '10x'$/],
      [['run', '--budget', '10m', '--num-runs', '5'], /^conformance: --budget and --num-runs exclude each other/],
    ] as const) {
      const r = await runCli([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
    }
  });

  it('runs with the cases per property the plan chose, printed first and kept in the report', async () => {
    const rate = loadProfile(referenceProfileFile).rateLimit;
    const expected = planBudget(loadCostModel(), rate, 4_000, new Set(['ENT-DATES-INPUT-ISO']));
    const r = await runCli(['run', '--rule', 'ENT-DATES-INPUT-ISO', '--budget', '4s']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(
      `conformance: plan: num-runs ${expected.numRuns}, cases covering, at most ${expected.projectRequests} requests to a project, about ${Math.round(expected.durationMs / 1000)} s at ${rate.limit} per ${rate.windowSeconds} s (fits the budget of 4 s)`,
    );
    expect(r.report?.numRuns).toBe(expected.numRuns);
    expect(r.report?.plan).toEqual(expected);
    expect(r.report?.rerun).toContain(`--num-runs ${expected.numRuns}`);
  });
});
