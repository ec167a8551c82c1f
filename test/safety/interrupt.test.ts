// SIGINT or SIGTERM at any moment of a run: from its first request (the preflight), through the start of vitest, the
// rate-limit suite, the start of the second suite file, the checks' creates and deletes, to the cleanup itself. Every
// time the run deletes what it made (the journal is gone, the target holds nothing of it), writes its report marked
// interrupted and exits 130 or 143. A shortened run (rules of both suite files that create entities) keeps the
// moments close together; the random ones come from a seed the test names. The target is reached through a proxy that
// slows the deletion of projects, which only the cleanup deletes, so that the cleanup lasts long enough to be
// interrupted too.
import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy, type Scenario } from '../hostile/fault-proxy.ts';
import { startCli, type CliProcess } from './cli-process.ts';
import { added, inventory, marked } from './inventory.ts';
import { startLiveReference, type LiveReference } from './live-target.ts';
import { inSlot } from './slots.ts';

/** A rate-limit rule (suites/8-limits.test.ts, run first) and rules of the second file that create entities. */
const rules = [
  'LIMITS-100-PROCEED',
  'METH-POST-CREATES',
  'ALERTCFG-SEVERITY-OVERRIDE',
  'VER-CONTENT-TYPE-BOTH',
  'DBUSER-ROLE-ACTIONS',
  'LIST-PAGES-PARTITION',
].flatMap((id) => ['--rule', id]);

const fast = { timeouts: { requestMs: 3000, connectMs: 2000, ruleMs: 30000 } };
const slowProjectDeletes: Scenario = (req) =>
  req.method === 'DELETE' && /\/groups\/[0-9a-f]{24}$/.test(req.path) ? { kind: 'delay', ms: 500 } : undefined;

const created = (cli: CliProcess) => cli.journal().filter((e) => e.op === 'created').length;
/** The line the run prints when the rate-limit rules, its first suite file, are done: the second one starts. */
const secondFile = /^§8 Limits: /m;

interface Run {
  cli: CliProcess;
  proxy: FaultProxy;
}

interface Moment {
  name: string;
  /** Resolves at the moment to send the signal. */
  reached(run: Run): Promise<void>;
}

const at = (name: string, condition: (run: Run) => boolean): Moment => ({
  name,
  reached: (run) => run.cli.until(() => condition(run)),
});
const cleaning = ({ cli }: Run) => /deleting \d+ entit(y|ies) the run created/.test(cli.stderr);
/** `ms` after `first`, or the start of the cleanup if it comes sooner: a drawn moment falls within the run, whose
 * length varies with the machine, and never after its end, where no signal can be taken. */
const after = (name: string, first: (run: Run) => boolean, ms: number): Moment => ({
  name: `${ms} ms after ${name} (or the cleanup, if sooner)`,
  reached: async (run) => {
    await run.cli.until(() => first(run));
    const from = Date.now();
    await run.cli.until(() => Date.now() - from >= ms || cleaning(run));
  },
});

const contacted = ({ proxy }: Run) => proxy.log.length > 0;
const announced = ({ cli }: Run) => /, run [0-9a-f]+$/m.test(cli.stderr);
const secondStarted = ({ cli }: Run) => secondFile.test(cli.stderr);

const seed = Number(process.env.INTERRUPT_SEED ?? randomInt(0, 2 ** 31));
let state = seed;
/** A deterministic draw from the seed (a linear congruential generator). */
const draw = (below: number) => {
  state = (state * 48271) % 2147483647 || 1;
  return state % below;
};

const moments: Moment[] = [
  at('its first request (the preflight)', contacted),
  after('its first request', contacted, 300 + draw(2500)),
  at('the run announcing itself, as vitest starts', announced),
  at('its first create', ({ cli }) => created(cli) >= 1),
  at('the start of the second suite file', secondStarted),
  at('the first delete by a check', ({ cli }) => cli.journal().some((e) => e.op === 'deleted')),
  at('its tenth create', ({ cli }) => created(cli) >= 10),
  at('the cleanup', cleaning),
  ...Array.from({ length: 4 }, () => after('the run announcing itself', announced, draw(8000))),
  after('the start of the second suite file', secondStarted, draw(2000)),
];

const opened: { live: LiveReference; proxy: FaultProxy }[] = [];
afterAll(async () => {
  for (const { live, proxy } of opened) {
    await proxy.close();
    await live.close();
  }
});

describe.concurrent(`an interrupt at any moment of a run (seed ${seed}: INTERRUPT_SEED=${seed} draws the same moments)`, () => {
  moments.forEach((moment, i) => {
    const signal: NodeJS.Signals = i % 2 === 0 ? 'SIGTERM' : 'SIGINT';
    it(
      `${signal} at ${moment.name}: cleanup, report marked interrupted, exit ${signal === 'SIGTERM' ? 143 : 130}`,
      () =>
        inSlot(async () => {
          const live = await startLiveReference();
          const proxy = await startFaultProxy({ url: live.target.url, caPem: live.target.caPem }, slowProjectDeletes);
          opened.push({ live, proxy });
          const before = await inventory(live);
          const cli = startCli(
            ['run', '--profile', live.profile({ baseUrl: proxy.url, caPem: proxy.caPem, fields: fast }), ...rules],
            live.env,
          );
          await moment.reached({ cli, proxy });
          cli.signal(signal);
          const { code, report } = await cli.exit;
          expect(code, cli.stderr).toBe(signal === 'SIGTERM' ? 143 : 130);
          expect(report, cli.stderr).toBeDefined();
          expect(report!.interrupted).toBe(signal);
          expect(report!.cleanup.leftovers).toEqual([]);
          expect(cli.journal(), 'the journal is removed').toEqual([]);
          const after = await inventory(live);
          expect(marked(after, report!.runId), "entities with the run's mark").toEqual([]);
          expect(added(before, after), 'entities the run added').toEqual([]);
        }),
      120_000,
    );
  });
});
