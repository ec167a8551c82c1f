// Every rule is judged however few the cases per property: each property tries the cases that cover its places
// first (src/harness/cases.ts), and each sequence check a sequence that reaches every command its rule is judged by.
// The seed is one whose drawn sequences alone held no read of a deleted alert configuration.
import { expect, it } from 'vitest';
import { runCli } from './cli.ts';

it('judges every rule of a run with one case per property', async () => {
  const run = await runCli(['run', '--seed', '1162561093', '--num-runs', '1', '--quiet']);
  expect(run.code, run.stderr).toBe(0);
  const unjudged = run.report!.rules.filter((r) => r.status !== 'pass');
  expect(unjudged.map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`)).toEqual([]);
}, 300_000);
