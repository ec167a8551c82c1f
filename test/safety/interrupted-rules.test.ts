// What an interrupt does to the results: a real SIGINT to the CLI, while the rate-limit suite runs (the other suite
// file not yet reached) and while the other file's checks are in flight. The first Ctrl-C says what a second and a
// third do, and a second indeed changes nothing: the run deletes what it created, writes its report and exits 130.
// Rules whose checks were in flight, and rules never reached, are interrupted: not errors of the suite ("The
// operation was aborted"), not untested (which says that no check implements a rule).
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startCli, type CliProcess } from './cli-process.ts';
import { inSlot } from './slots.ts';

const selected = ['LIMITS-100-PROCEED', 'METH-POST-CREATES', 'ALERTCFG-SEVERITY-OVERRIDE', 'DBUSER-ROLE-ACTIONS'];
const rules = selected.flatMap((id) => ['--rule', id]);
const created = (cli: CliProcess) => cli.journal().filter((e) => e.op === 'created').length;

const announced = (cli: CliProcess) => /, run [0-9a-f]+$/m.test(cli.stderr);
const moments: { name: string; reached: (cli: CliProcess) => Promise<void> }[] = [
  {
    name: 'the start of the checks (the rate-limit suite, before the other file)',
    reached: async (cli) => {
      await cli.until(() => announced(cli));
      await sleep(2000);
    },
  },
  {
    name: 'the first create of the other file',
    reached: (cli) => cli.until(() => /^§8 Limits: /m.test(cli.stderr) && created(cli) >= 1),
  },
];

describe.concurrent('a Ctrl-C in the middle of a run', () => {
  for (const moment of moments)
    it(
      `at ${moment.name}: rules in flight or never reached are interrupted; a second Ctrl-C changes nothing`,
      () =>
        inSlot(async () => {
          const cli = startCli(['run', '--target', 'reference', ...rules], {});
          await moment.reached(cli);
          cli.signal('SIGINT');
          await cli.until(() => /SIGINT: stopping the checks/.test(cli.stderr));
          expect(cli.stderr).toMatch(
            /^conformance: SIGINT: stopping the checks, then deleting what the run created and writing the report; a second SIGINT does not stop that, a third ends at once and may leave entities behind$/m,
          );
          cli.signal('SIGINT');
          const { code, report } = await cli.exit;
          expect(cli.stderr).toMatch(
            /^conformance: SIGINT again: still stopping the checks and deleting what the run created; SIGINT once more ends at once/m,
          );
          expect(code, cli.stderr).toBe(130);
          expect(report!.interrupted).toBe('SIGINT');
          expect(report!.cleanup.leftovers).toEqual([]);
          expect(cli.journal(), 'the journal is removed').toEqual([]);

          const statuses = new Map(report!.rules.filter((r) => selected.includes(r.id)).map((r) => [r.id, r.status]));
          expect(
            [...statuses.values()].every((s) => s === 'pass' || s === 'interrupted'),
            JSON.stringify([...statuses]),
          ).toBe(true);
          expect([...statuses.values()]).toContain('interrupted');
          const checks = report!.rules.flatMap((r) => r.checks);
          expect(checks.filter((c) => /abort/i.test(c.reason ?? '')).map((c) => c.reason)).toEqual([]);
          expect(report!.totals.untested).toBe(0);
          expect(report!.totals.interrupted).toBe([...statuses.values()].filter((s) => s === 'interrupted').length);
          expect(report!.totals['left-out']).toBe(report!.rules.length - selected.length);
        }),
      120_000,
    );
});
