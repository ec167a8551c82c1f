// The whole suite against the embedded reference target in the real service's words (vendor `atlas`): paths,
// media types and bodies change, and every rule still passes (the vendor-neutral run: the mutation self-test).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { profileFile, runCli } from './cli.ts';

it('passes every rule against the reference target under the vendor word atlas', async () => {
  const reference = JSON.parse(readFileSync('config/reference.json', 'utf8'));
  // The reference target serves its OpenAPI document in its vendor's words too.
  const profile = { ...reference, vendor: 'atlas', surface: { openapi: '/api/atlas/openapi.json' } };
  delete profile.$schema;
  const run = await runCli([
    'run',
    '--profile',
    profileFile(profile),
    '--target',
    'reference',
    '--num-runs',
    '10',
    '--json',
  ]);
  expect(run.report, run.stderr).toBeDefined();
  expect(run.report!.rules.filter((r) => r.status !== 'pass').map((r) => `${r.id}: ${r.status}`)).toEqual([]);
  expect(run.code).toBe(0);
  expect(readFileSync(`${run.reportsDir}/conformance.json`, 'utf8')).toContain('/api/atlas/v2');
}, 300_000);
