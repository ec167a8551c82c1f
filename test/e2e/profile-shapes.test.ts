// The whole suite against the reference target (a conformant implementation) under the profile shapes users run
// with: no rule may fail, or err, whatever the profile leaves out. A rule the profile cannot support is skipped,
// naming the profile field; every other rule is judged and passes. Beside each run, `conformance plan` reads the
// same profile (it sends no request) and must predict exactly the rules the run skips and finds not applicable.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunPlan } from '../../src/cli/plan-command.ts';
import { needs } from '../../src/runner/profile-needs.ts';
import { runCli } from './cli.ts';
import { inSlot } from '../safety/slots.ts';

type Json = Record<string, any>;

// A window of 4 s, not 2: the rate-limit rules need a burst of 101 requests to fit in one, and several whole runs at
// once on a small machine slow the embedded target.
const reference = {
  ...JSON.parse(readFileSync('config/reference.json', 'utf8')),
  rateLimit: { limit: 100, windowSeconds: 4 },
} as Json;
const { readOnly, outsider, ...withoutRestrictedKeys } = reference.credentials as Json;
const { outsideAddress: _, ...ownerInside } = reference.credentials.owner as Json;
const { plainHttpUrl: __, ...withoutPlainHttp } = reference;
const firstProjectOnly = { ids: [reference.projects.ids[0]], allowCreate: false };
const { openapi: ___, ...withoutDocument } = reference.surface as Json;
/** Each resource at its latest version only. */
const latestOnly = Object.fromEntries(
  Object.entries(reference.versions.resources as Record<string, string[]>).map(([path, vs]) => [path, vs.slice(-1)]),
);

// The profile with every role and switch on is the mutation self-test's reference run (test/mutation/reference.test.ts),
// and its plan skips nothing (test/unit/profile-needs.test.ts).
const shapes: [title: string, profile: Json, seed: number][] = [
  ["no project named: the suite's own only", { ...reference, projects: { ...reference.projects, ids: [] } }, 101],
  [
    'one project, nothing created, nothing billable',
    { ...reference, projects: firstProjectOnly, allowBillable: false },
    202,
  ],
  [
    // As config/real-service.example.json, which names no OpenAPI document: the surface is the profile's (the real
    // service's defaults), and every verdict is the one the run with the target's own document gives.
    'the real-service example: one project, owner and read-only keys, two connections, no OpenAPI document',
    {
      ...reference,
      projects: firstProjectOnly,
      allowBillable: false,
      concurrency: 2,
      credentials: { owner: reference.credentials.owner, readOnly },
      surface: withoutDocument,
    },
    303,
  ],
  ['no read-only and no outsider key', { ...reference, credentials: withoutRestrictedKeys }, 404],
  [
    'owner key only, no outside address, no plain-HTTP address, nothing billable, one version each, none deprecated or deleted',
    {
      ...withoutPlainHttp,
      allowBillable: false,
      versions: { deprecated: [], deleted: [], resources: latestOnly },
      credentials: { owner: ownerInside },
    },
    606,
  ],
];

const dir = mkdtempSync(join(tmpdir(), 'conformance-shapes-'));

/** The ids of the rules with this status, sorted. */
const withStatus = (rules: { id: string; status: string }[], status: string) =>
  rules
    .filter((r) => r.status === status)
    .map((r) => r.id)
    .sort();

describe.concurrent('the whole suite under several profile shapes', () => {
  for (const [i, [title, profile, seed]] of shapes.entries()) {
    it(`${title} (seed ${seed}): nothing fails or errs; the plan predicts every skip`, async () => {
      const file = join(dir, `shape-${i}.json`);
      writeFileSync(file, JSON.stringify({ ...profile, $schema: undefined, name: title }));
      const [plan, run] = await Promise.all([
        runCli(['plan', '--profile', file, '--json']),
        inSlot(() => runCli(['run', '--profile', file, '--target', 'reference', '--seed', String(seed), '--quiet'])),
      ]);
      expect(run.report, run.stderr).toBeDefined();
      const report = run.report!;
      expect(report.runErrors.join('\n')).toBe('');
      const broken = report.rules
        .filter((r) => r.status === 'fail' || r.status === 'error')
        .map((r) => `${r.id}: ${r.status} ${r.reason}`);
      expect(broken.join('\n')).toBe('');
      const skips = report.rules.flatMap((r) =>
        r.checks
          .filter((c) => c.status === 'skipped' || c.status === 'not-applicable')
          .map((c) => ({ rule: r.id, ...c })),
      );
      // A check that names no fact is one that found nothing of its kind in the run (the exchange checks), in a rule
      // that the profile skips: the rule names the fact.
      const skippedRules = new Set(withStatus(report.rules, 'skipped'));
      expect(skips.filter((c) => !c.fact && !skippedRules.has(c.rule)).map((c) => c.name)).toEqual([]);
      expect(report.cleanup.leftovers).toEqual([]);
      expect(run.code).toBe(0);

      expect(plan.code, plan.stderr).toBe(0);
      const planned = JSON.parse(plan.stdout) as RunPlan;
      for (const status of ['skipped', 'not-applicable'])
        expect(withStatus(planned.rules, status), status).toEqual(withStatus(report.rules, status));
      const unlisted = skips
        .filter((c) => c.fact && !(needs[c.rule] ?? []).some((n) => n.fact === c.fact))
        .map((c) => `${c.rule}: ${c.fact}`);
      expect(unlisted).toEqual([]);
    }, 300_000);
  }
});
