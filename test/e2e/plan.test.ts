// conformance plan: reads the profile alone (a target that cannot be reached does not matter). Whether it predicts
// the rules a real run skips and finds not applicable is judged beside the runs of test/e2e/profile-shapes.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { profileFile, runCli } from './cli.ts';

type Json = Record<string, any>;
const reference = JSON.parse(readFileSync('config/reference.json', 'utf8')) as Json;
delete reference.$schema;

describe('conformance plan', () => {
  it('prints a line per rule, then the requests to each project and their time, without reaching the target', async () => {
    const unreachable = profileFile({
      ...reference,
      baseUrl: 'https://127.0.0.1:9',
      projects: { ids: ['6500000000000000000a0001', '6500000000000000000b0001'] },
      allowBillable: false,
    });
    const r = await runCli(['plan', '--profile', unreachable, '--tag', 'clusters', '--num-runs', '10']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.replace(/^npm warn.*\n?/gm, '')).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^CLU-GCP-PROVIDER +MUST +skipped: allowBillable \(the profile does not allow creating billable resources such as clusters\)$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^CLU-OPERATIONS +MUST +will run; some checks skip: allowBillable /),
    );
    expect(lines.filter((l) => /^project /.test(l))).toEqual([
      expect.stringMatching(
        /^project 6500000000000000000a0001: at most \d+ requests, \d+ windows, about .+ at 100 per 2 s$/,
      ),
      expect.stringMatching(/^project 6500000000000000000b0001: at most \d+ requests/),
    ]);
    expect(lines.at(-1)).toMatch(/^num-runs 10, cases covering; /);
  });

  it('refuses in one line what does not apply to a plan, an unknown rule, and a budget with --num-runs', async () => {
    for (const [args, message] of [
      [['plan', '--seed', '1'], /^conformance: --seed does not apply to plan/],
      [['plan', '--rule', 'METH-40'], /^conformance: unknown rule id: METH-40 \(did you mean METH-405\?\)/],
      [['plan', '--budget', '10m', '--num-runs', '5'], /^conformance: --budget and --num-runs exclude each other/],
    ] as const) {
      const r = await runCli([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(
        r.stderr
          .replace(/^npm warn.*\n?/gm, '')
          .trim()
          .split('\n'),
      ).toEqual([expect.stringMatching(message)]);
    }
  });
});
