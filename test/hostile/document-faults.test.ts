// The target's OpenAPI document (the profile's surface.openapi) read through faults of the transport: a fault on one
// reading is read past, a fault that persists is the target's error (never the profile's), and a rule that met it
// leaves the next rule free to ask again.
import { afterAll, expect, it } from 'vitest';
import { statusOf } from '../e2e/cli.ts';
import { closeHostileRuns, runAgainst } from './hostile-run.ts';
import type { Fault, Scenario } from './fault-proxy.ts';

const documentPath = '/api/platform/openapi.json';
const rules = ['METH-405', 'ENT-READ-ONLY-FIELD-400'];

/** `fault` on the readings of the document that `hit` picks by their rank. */
const onDocument =
  (fault: Fault, hit: (repeat: number) => boolean): Scenario =>
  (req) =>
    req.method === 'GET' && req.path === documentPath && hit(req.repeat) ? fault : undefined;

afterAll(closeHostileRuns);

it.each<[string, Fault]>([
  ['a connection reset', { kind: 'reset' }],
  ['a body that is not JSON', { kind: 'invalid-json' }],
])('reads the document past %s on its first reading', async (_what, fault) => {
  const run = await runAgainst(
    onDocument(fault, (n) => n === 0),
    rules,
  );
  for (const id of rules) expect(statusOf(run.report!, id), `${id}\n${run.cli.stderr}`).toBe('pass');
});

it('makes a fault on every reading the target’s error, asked again by each rule', async () => {
  const run = await runAgainst(
    onDocument({ kind: 'reset' }, () => true),
    rules,
  );
  for (const id of rules) {
    const rule = run.report!.rules.find((r) => r.id === id)!;
    expect(rule.status, run.cli.stderr).toBe('error');
    expect(JSON.stringify(rule)).not.toContain('surface.openapi');
  }
  const readings = run.proxy.log.filter((e) => e.method === 'GET' && e.path === documentPath);
  expect(readings.length).toBeGreaterThan(2);
});
