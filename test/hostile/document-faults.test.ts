// The target's OpenAPI document (the profile's surface.openapi) read through faults of the transport, end to end: a
// fault that persists is the target's error (never the profile's), read again past the first. How each reading is
// told apart, and that the next rule asks again, is test/unit/served-document.test.ts's.
import { afterAll, expect, it } from 'vitest';
import { closeHostileRuns, runAgainst } from './hostile-run.ts';
import type { Scenario } from './fault-proxy.ts';

const documentPath = '/api/platform/openapi.json';
const rules = ['METH-405', 'ENT-READ-ONLY-FIELD-400'];

/** A reset on every reading of the document. */
const resetDocument: Scenario = (req) =>
  req.method === 'GET' && req.path === documentPath ? { kind: 'reset' } : undefined;

afterAll(closeHostileRuns);

it('makes a fault on every reading the target’s error, read again past the first', async () => {
  const run = await runAgainst(resetDocument, rules);
  for (const id of rules) {
    const rule = run.report!.rules.find((r) => r.id === id)!;
    expect(rule.status, run.cli.stderr).toBe('error');
    expect(JSON.stringify(rule)).not.toContain('surface.openapi');
  }
  const readings = run.proxy.log.filter((e) => e.method === 'GET' && e.path === documentPath);
  expect(readings.length).toBeGreaterThanOrEqual(2);
});
