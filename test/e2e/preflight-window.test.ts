// Before the checks, the preflight reads the profile's first project (the facts of its endpoints): those requests
// count against the project's rate window as the checks' do. A burst of the rate-limit rules that starts right after
// must not take that window for a fresh one: the target would refuse its last requests, and the rule would blame it.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { loadProfile } from '../../src/profile/load.ts';
import { profileFile, runCli } from './cli.ts';

const windowSeconds = 12;

it("counts the preflight's requests in the first project's window: the first burst waits for a fresh one", async () => {
  const reference = JSON.parse(readFileSync('config/reference.json', 'utf8'));
  delete reference.$schema;
  const project = reference.projects.ids[0] as string;
  const profile = {
    ...reference,
    rateLimit: { ...reference.rateLimit, limit: 100, windowSeconds },
    projects: { ids: [project], allowCreate: false },
    allowBillable: false,
  };
  // Started just after a turn of the target's clock (the embedded target's is ours), the preflight and the burst
  // fall in one window, unless the burst waits for the next.
  const windowMs = windowSeconds * 1000;
  await sleep(windowMs - (Date.now() % windowMs) + 50);
  const run = await runCli([
    'run',
    '--profile',
    profileFile(profile),
    '--target',
    'reference',
    '--rule',
    'LIMITS-100-PROCEED',
    '--seed',
    '1',
    '--quiet',
  ]);
  const rule = run.report!.rules.find((r) => r.id === 'LIMITS-100-PROCEED')!;
  expect([rule.status, rule.checks.map((c) => c.reason ?? '')], run.stderr).toEqual(['pass', ['']]);
  // The run's count of the project's requests begins with the preflight's.
  const { endpoints } = loadProfile('config/reference.json');
  const preflightReads = [endpoints.accessList, endpoints.customDbRoles, endpoints.encryptionAtRest].filter((e) =>
    e.startsWith('/groups/{groupId}'),
  ).length;
  expect(preflightReads).toBeGreaterThan(0);
  expect(run.report!.rateLimit!.projects[project]!.requests).toBeGreaterThanOrEqual(101 + preflightReads);
}, 120_000);
