// The rules that quantify over the target's operations take them from its OpenAPI document when the profile names
// one (surface.openapi), else from the profile (surface.methods, surface.readOnly). The reference target serves a
// document of its own surface, so both ways must give the same verdicts, on the target as it is and with a defect
// of each rule's.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { profileFile, runCli, statusOf } from './cli.ts';

const rules = ['METH-405', 'ENT-READ-ONLY-FIELD-400'];
const reference = JSON.parse(readFileSync('config/reference.json', 'utf8'));
delete reference.$schema;
const { openapi, ...withoutDocument } = reference.surface;

/** The run of the two rules with the profile's surface and the mutants. */
async function runWith(surface: object, mutants: string[]) {
  const run = await runCli([
    'run',
    '--profile',
    profileFile({ ...reference, surface }),
    '--target',
    'reference',
    ...rules.flatMap((r) => ['--rule', r]),
    ...mutants.flatMap((m) => ['--mutant', m]),
    '--seed',
    '1',
    '--json',
  ]);
  expect(run.report, run.stderr).toBeDefined();
  return run.report!;
}

/** The verdict of each rule. */
async function verdicts(surface: object, mutants: string[]) {
  const report = await runWith(surface, mutants);
  return Object.fromEntries(rules.map((r) => [r, statusOf(report, r)]));
}

it('names the document the reference target serves', () => {
  expect(openapi).toBe('/api/platform/openapi.json');
});

it.each([
  ['the reference target as it is', [], 'pass'],
  ['a defect of each rule', ['METH-405:role-put', 'ENT-READ-ONLY-FIELD-400:role-name'], 'fail'],
])(
  'gives the same verdicts with and without its own document: %s',
  async (_what, mutants, expected) => {
    const [fromDocument, fromProfile] = await Promise.all([
      verdicts(reference.surface, mutants),
      verdicts(withoutDocument, mutants),
    ]);
    expect(fromDocument).toEqual(Object.fromEntries(rules.map((r) => [r, expected])));
    expect(fromProfile).toEqual(fromDocument);
  },
  300_000,
);

it('makes a document the target does not serve an error naming surface.openapi, never a failure', async () => {
  const report = await runWith({ openapi: '/api/platform/no-document.json' }, []);
  for (const id of rules) {
    const rule = report.rules.find((r) => r.id === id)!;
    expect(rule.status).toBe('error');
    expect(JSON.stringify(rule)).toContain('surface.openapi');
  }
}, 300_000);
