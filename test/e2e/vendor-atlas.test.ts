// The whole suite against the embedded reference target in the real service's words (vendor `atlas`): paths,
// media types and bodies change, and every rule still passes but an INFO rule on one real field name (the
// vendor-neutral run: the mutation self-test). No private key or token of that run reaches a report or the
// console (a failing run's: test/e2e/reports.test.ts).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { filesUnder, leaksOf, referenceSecrets } from '../safety/secret-scan.ts';
import { profileFile, runCli } from './cli.ts';
import { unpassed } from '../support/unpassed.ts';

it('passes every MUST rule against the reference target under the vendor word atlas, and writes no secret', async () => {
  const secrets = referenceSecrets();
  const reference = JSON.parse(readFileSync('config/reference.json', 'utf8'));
  // The reference target serves its OpenAPI document in its vendor's words too.
  const profile = { ...reference, vendor: 'atlas', surface: { openapi: '/api/atlas/openapi.json' } };
  delete profile.$schema;
  const run = await runCli(
    ['run', '--profile', profileFile(profile), '--target', 'reference', '--num-runs', '10', '--json'],
    secrets,
  );
  expect(run.report, run.stderr).toBeDefined();
  // In the real service's words a slow query's execution time (milliseconds) names no unit: the INFO rule says so,
  // and it alone does not pass.
  expect(unpassed(run.report!.rules)).toEqual([
    expect.stringMatching(/^ENT-UNIT-IN-NAME: fail .*slowQueryLogs.*metrics\.operationExecutionTime/),
  ]);
  expect(run.code).toBe(0);
  expect(readFileSync(`${run.reportsDir}/conformance.json`, 'utf8')).toContain('/api/atlas/v2');
  expect(filesUnder(run.reportsDir).length).toBeGreaterThan(0);
  expect(leaksOf(run, secrets)).toEqual([]);
  // The evidence does hold authenticated exchanges, the cleartext probe's Basic form among them: the scan looked at
  // real material.
  expect(JSON.stringify(run.report)).toMatch(/Digest username=/);
  // The run's keys are these: their public halves are in its evidence.
  expect(JSON.stringify(run.report)).toContain(secrets.REFERENCE_OWNER_PUBLIC_KEY);
  expect(JSON.stringify(run.report)).toMatch(/Basic \[REDACTED\]/);
}, 300_000);
