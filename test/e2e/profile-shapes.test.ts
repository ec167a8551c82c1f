// The whole suite against the reference target (a conformant implementation) under the profile shapes users run
// with, each twice with seeds of its own: no rule may fail, or err, whatever the profile leaves out. A rule the
// profile cannot support is skipped, naming the profile field; every other rule is judged and passes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { inSlot } from '../safety/slots.ts';

type Json = Record<string, any>;

// A window of 4 s, not 2: the rate-limit rules need a burst of 101 requests to fit in one, and four whole runs at once
// on a small machine slow the embedded target.
const reference = {
  ...JSON.parse(readFileSync('config/reference.json', 'utf8')),
  rateLimit: { limit: 100, windowSeconds: 4 },
} as Json;
const { readOnly, outsider, ...withoutRestrictedKeys } = reference.credentials as Json;
const firstProjectOnly = { ids: [reference.projects.ids[0]], allowCreate: false };

const shapes: [title: string, profile: Json][] = [
  ['every role and switch on', reference],
  [
    'one project, nothing created, nothing billable',
    { ...reference, projects: firstProjectOnly, allowBillable: false },
  ],
  [
    'the real-service example: one project, owner and read-only keys, two connections',
    {
      ...reference,
      projects: firstProjectOnly,
      allowBillable: false,
      concurrency: 2,
      credentials: { owner: reference.credentials.owner, readOnly },
    },
  ],
  ['no read-only and no outsider key', { ...reference, credentials: withoutRestrictedKeys }],
];

const dir = mkdtempSync(join(tmpdir(), 'conformance-shapes-'));

describe.concurrent('the whole suite under several profile shapes', () => {
  for (const [i, [title, profile]] of shapes.entries()) {
    for (const seed of [101 * (i + 1), 101 * (i + 5)])
      it(`${title} (seed ${seed}): nothing fails or errs; every skip names a profile field`, async () => {
        const file = join(dir, `shape-${i}.json`);
        writeFileSync(file, JSON.stringify({ ...profile, $schema: undefined, name: title }));
        const run = await inSlot(() =>
          runCli(['run', '--profile', file, '--target', 'reference', '--seed', String(seed), '--quiet']),
        );
        expect(run.report, run.stderr).toBeDefined();
        const report = run.report!;
        expect(report.runErrors.join('\n')).toBe('');
        const broken = report.rules
          .filter((r) => r.status === 'fail' || r.status === 'error')
          .map((r) => `${r.id}: ${r.status} ${r.reason}`);
        expect(broken.join('\n')).toBe('');
        const skips = report.rules.flatMap((r) => r.checks.filter((c) => c.status === 'skipped'));
        expect(skips.filter((c) => !c.fact).map((c) => c.name)).toEqual([]);
        expect(report.cleanup.leftovers).toEqual([]);
        expect(run.code).toBe(0);
      }, 300_000);
  }
});
