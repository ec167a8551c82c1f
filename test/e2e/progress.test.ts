// Without a terminal (a CI log) a run says how it goes as it goes: a plain line per rate-limit wait with its
// length, a line per finished spec section with its rules' tallies, and the totals, with no terminal control codes.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { profileFile, runCli } from './cli.ts';

const reference = JSON.parse(readFileSync('config/reference.json', 'utf8')) as Record<string, unknown>;
delete reference.$schema;
// A limit the two rules' requests exceed several times over, in windows long enough for a wait to be shown.
const slow = profileFile({ ...reference, rateLimit: { limit: 40, windowSeconds: 6 } });

it('prints the waits, each finished section with its tallies, and the totals, as plain lines', async () => {
  const run = await runCli([
    'run',
    '--profile',
    slow,
    '--target',
    'reference',
    '--rule',
    'METH-405',
    '--rule',
    'ERR-BODY-FIELDS',
    '--mutant',
    'ERR-BODY-FIELDS',
  ]);
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr.includes('\r') || run.stderr.includes('\u001b')).toBe(false);
  const lines = run.stderr.split('\n');
  const waits = lines.filter((l) => l.startsWith('rate limit: '));
  expect(waits.length).toBeGreaterThan(0);
  for (const w of waits)
    expect(w).toMatch(/^rate limit: project \w+ has spent its budget; waiting \d+ s for its next window$/);
  const sections = lines.filter((l) => l.startsWith('§'));
  expect(sections.sort()).toEqual([
    expect.stringMatching(/^§4\.1 HTTP methods: 1 rule: 1 pass, 0 fail, 0 error, 0 skipped \([12]\/2 rules done\)$/),
    expect.stringMatching(/^§7\.1 Error body: 1 rule: 0 pass, 1 fail, 0 error, 0 skipped \([12]\/2 rules done\)$/),
  ]);
  // The totals come after every section.
  const totals = lines.findIndex((l) => /^checks done in \d+ s: 2 rules: 1 pass, 1 fail, 0 error, 0 skipped$/.test(l));
  expect(totals).toBeGreaterThan(Math.max(...sections.map((s) => lines.indexOf(s))));
}, 300_000);
