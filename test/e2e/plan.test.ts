// conformance plan: reads the profile alone (a target that cannot be reached does not matter), and predicts the
// rules a real run skips or finds not applicable, under several profile shapes, naming facts the run's skips name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { needs } from '../../src/runner/profile-needs.ts';
import type { RunPlan } from '../../src/cli/plan-command.ts';
import { profileFile, runCli } from './cli.ts';
import { inSlot } from '../safety/slots.ts';

type Json = Record<string, any>;
// A window of 4 s, not 2: the rate-limit rules need a burst of 101 requests to fit in one, with several whole runs
// at once on a small machine.
const reference = {
  ...JSON.parse(readFileSync('config/reference.json', 'utf8')),
  rateLimit: { limit: 100, windowSeconds: 4 },
} as Json;
delete reference.$schema;
const { owner, owner2, readOnly } = reference.credentials as Json;
const { outsideAddress: _, ...ownerInside } = owner;
const { plainHttpUrl: __, ...withoutPlainHttp } = reference;
const firstProjectOnly = { ids: [reference.projects.ids[0]], allowCreate: false };
/** Each resource at its latest version only. */
const latestOnly = Object.fromEntries(
  Object.entries(reference.versions.resources as Record<string, string[]>).map(([path, vs]) => [path, vs.slice(-1)]),
);

// One whole run per shape, each leaving out what profiles of real accounts often lack.
const shapes: [title: string, profile: Json][] = [
  ['every role and switch on', reference],
  [
    'one project, nothing created, nothing billable, owner and read-only keys',
    { ...reference, projects: firstProjectOnly, allowBillable: false, credentials: { owner, readOnly } },
  ],
  [
    'owner key only, no outside address, no plain-HTTP address, nothing billable, one version each, none deprecated or deleted',
    {
      ...withoutPlainHttp,
      allowBillable: false,
      versions: { deprecated: [], deleted: [], resources: latestOnly },
      credentials: { owner: ownerInside },
    },
  ],
  [
    'two projects, no empty project, nothing created, no outsider or service account',
    {
      ...reference,
      projects: { ids: reference.projects.ids, allowCreate: false },
      credentials: { owner, owner2, readOnly },
    },
  ],
];

/** The ids of the rules with this status, sorted. */
const withStatus = (rules: { id: string; status: string }[], status: string) =>
  rules
    .filter((r) => r.status === status)
    .map((r) => r.id)
    .sort();

describe.concurrent('conformance plan against a run', () => {
  for (const [i, [title, profile]] of shapes.entries())
    it(`predicts exactly the rules a run skips and finds not applicable: ${title}`, async () => {
      const file = profileFile({ ...profile, name: title });
      const [plan, run] = await Promise.all([
        runCli(['plan', '--profile', file, '--json']),
        inSlot(() => runCli(['run', '--profile', file, '--target', 'reference', '--seed', String(7 + i), '--quiet'])),
      ]);
      expect(plan.code, plan.stderr).toBe(0);
      const planned = JSON.parse(plan.stdout) as RunPlan;
      expect(run.report, run.stderr).toBeDefined();
      for (const status of ['skipped', 'not-applicable'])
        expect(withStatus(planned.rules, status), status).toEqual(withStatus(run.report!.rules, status));
      const unlisted = run.report!.rules.flatMap((r) =>
        r.checks
          .filter(
            (c) =>
              (c.status === 'skipped' || c.status === 'not-applicable') &&
              !(needs[r.id] ?? []).some((n) => n.fact === c.fact),
          )
          .map((c) => `${r.id}: ${c.fact}`),
      );
      expect(unlisted).toEqual([]);
    }, 600_000);
});

describe('conformance plan', () => {
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
        /^project 6500000000000000000a0001: at most \d+ requests, \d+ windows, about .+ at 100 per 4 s$/,
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
