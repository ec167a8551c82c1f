// conformance plan: reads the profile alone (a target that cannot be reached does not matter), and predicts the
// rules a real run under the one-project profile shape skips, naming facts the run's skips name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { needs } from '../../src/runner/profile-needs.ts';
import type { RunPlan } from '../../src/cli/plan-command.ts';
import { profileFile, runCli } from './cli.ts';
import { inSlot } from '../safety/slots.ts';

type Json = Record<string, any>;
const reference = JSON.parse(readFileSync('config/reference.json', 'utf8')) as Json;
delete reference.$schema;
// The one-project shape: the first project only, nothing created, nothing billable, no owner2, outsider or service account.
const onlyFirstProject = profileFile({
  ...reference,
  name: 'one project',
  projects: { ids: [reference.projects.ids[0]], allowCreate: false },
  allowBillable: false,
  credentials: { owner: reference.credentials.owner, readOnly: reference.credentials.readOnly },
});

describe('conformance plan', () => {
  it('predicts exactly the rules a run under the one-project shape skips, for facts the rules list', async () => {
    const [plan, run] = await Promise.all([
      runCli(['plan', '--profile', onlyFirstProject, '--json']),
      inSlot(() => runCli(['run', '--profile', onlyFirstProject, '--target', 'reference', '--seed', '7', '--quiet'])),
    ]);
    expect(plan.code, plan.stderr).toBe(0);
    const planned = JSON.parse(plan.stdout) as RunPlan;
    expect(run.report, run.stderr).toBeDefined();
    const skipped = run
      .report!.rules.filter((r) => r.status === 'skipped')
      .map((r) => r.id)
      .sort();
    expect(skipped.length).toBeGreaterThan(0);
    expect(
      planned.rules
        .filter((r) => r.status === 'skipped')
        .map((r) => r.id)
        .sort(),
    ).toEqual(skipped);
    const unlisted = run.report!.rules.flatMap((r) =>
      r.checks
        .filter((c) => c.status === 'skipped' && !(needs[r.id] ?? []).some((n) => n.fact === c.fact))
        .map((c) => `${r.id}: ${c.fact}`),
    );
    expect(unlisted).toEqual([]);
  }, 300_000);

  it('prints a line per rule, then the requests to each project and their time, without reaching the target', async () => {
    const unreachable = profileFile({
      ...reference,
      baseUrl: 'https://127.0.0.1:9',
      projects: { ids: ['6500000000000000000a0001', '6500000000000000000b0001'] },
      allowBillable: false,
    });
    const r = await runCli(['plan', '--profile', unreachable, '--tag', 'clusters', '--num-runs', '10']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.replace(/^npm warn.*\n?/gm, '')).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^CLU-GCP-PROVIDER +MUST +skipped: allowBillable \(the profile does not allow creating billable resources such as clusters\)$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^CLU-OPERATIONS +MUST +will run; some checks skip: allowBillable /),
    );
    expect(lines.filter((l) => /^project /.test(l))).toEqual([
      expect.stringMatching(
        /^project 6500000000000000000a0001: at most \d+ requests, \d+ windows, about .+ at 100 per 2 s$/,
      ),
      expect.stringMatching(/^project 6500000000000000000b0001: at most \d+ requests/),
    ]);
    expect(lines.at(-1)).toMatch(/^num-runs 10, cases covering; /);
  });

  it('refuses in one line what does not apply to a plan, an unknown rule, and a budget with --num-runs', async () => {
    for (const [args, message] of [
      [['plan', '--seed', '1'], /^conformance: --seed does not apply to plan/],
      [['plan', '--rule', 'METH-40'], /^conformance: unknown rule id: METH-40 \(did you mean METH-405\?\)/],
      [['plan', '--budget', '10m', '--num-runs', '5'], /^conformance: --budget and --num-runs exclude each other/],
    ] as const) {
      const r = await runCli([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(
        r.stderr
          .replace(/^npm warn.*\n?/gm, '')
          .trim()
          .split('\n'),
      ).toEqual([expect.stringMatching(message)]);
    }
  });
});
