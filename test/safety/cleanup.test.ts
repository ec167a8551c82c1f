// On a live target, everything a run creates is deleted at its end: when rules fail, when the target errs, and when
// the user interrupts it (SIGINT, SIGTERM), also with a second Ctrl-C during the cleanup. The reference target runs
// in this process as the live target, so what is left is counted through its API afterwards: entities carrying the
// run's mark (name prefix and run id), and entities that were not there before the run, whatever their names.
import { afterAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy, type Scenario } from '../hostile/fault-proxy.ts';
import { all, on } from '../hostile/scenarios.ts';
import { startCli, type CliProcess } from './cli-process.ts';
import { added, inventory, marked, type Inventory } from './inventory.ts';
import { oneProject, referenceProfile, startLiveReference, type LiveReference } from './live-target.ts';
import { leaksOf } from './secret-scan.ts';
import { inSlot } from './slots.ts';
import { unpassed } from '../support/unpassed.ts';

/** Rules that create projects, alert configurations, clusters and custom roles, some kept to the end of the run. */
const creating = [
  'METH-POST-CREATES',
  'METH-PATCH-PARTIAL',
  'METH-PUT-REPLACES',
  'METH-DELETE-REMOVES',
  'ERR-UNIQUE-409',
  'ALERTCFG-SEVERITY-OVERRIDE',
  'VER-CONTENT-TYPE-BOTH',
  'DBUSER-ROLE-ACTIONS',
].flatMap((id) => ['--rule', id]);

const fast = { timeouts: { requestMs: 3000, connectMs: 2000, ruleMs: 30000 } };

interface Run {
  live: LiveReference;
  before: Inventory;
  cli: CliProcess;
}

const started: { live: LiveReference; proxy?: FaultProxy }[] = [];

/** A fresh reference target (optionally behind a fault proxy), its inventory, and the CLI running against it. */
async function run(
  args: string[],
  o: { mutants?: string[]; scenario?: Scenario; fields?: Record<string, unknown>; windowSeconds?: number } = {},
): Promise<Run & { proxy?: FaultProxy }> {
  const live = await startLiveReference({ mutants: o.mutants, windowSeconds: o.windowSeconds });
  const proxy = o.scenario
    ? await startFaultProxy({ url: live.target.url, caPem: live.target.caPem }, o.scenario)
    : undefined;
  started.push({ live, proxy });
  const before = await inventory(live);
  const profile = live.profile({
    ...(proxy ? { baseUrl: proxy.url, caPem: proxy.caPem } : {}),
    fields: {
      ...fast,
      ...(o.windowSeconds ? { rateLimit: { ...referenceProfile.rateLimit, windowSeconds: o.windowSeconds } } : {}),
      ...o.fields,
    },
  });
  return { live, proxy, before, cli: startCli(['run', '--profile', profile, '--quiet', ...args], live.env) };
}

/** The run ended, deleted everything it created, and nothing secret reached its outputs. */
async function expectNothingLeft(r: Run, code: number): Promise<void> {
  const { code: exitCode, report } = await r.cli.exit;
  expect(exitCode, [r.cli.stderr, ...unpassed(report?.rules ?? [])].join('\n')).toBe(code);
  expect(report, r.cli.stderr).toBeDefined();
  const { runId } = report!;
  const after = await inventory(r.live);
  expect(marked(after, runId), `entities marked ${runId}`).toEqual([]);
  expect(added(r.before, after), 'entities the run added').toEqual([]);
  expect(report!.cleanup.leftovers).toEqual([]);
  expect(r.cli.journal(), 'the journal is removed once everything is deleted').toEqual([]);
  expect(leaksOf(r.cli, r.live.env)).toEqual([]);
}

/** Rules whose bursts send an empty alert configuration, meant to be refused, to a project of the profile. */
const bursting = ['--rule', 'LIMITS-COUNTS-EVERY-REQUEST'];
/** A rate-limit window, and request bounds, a burst through the fault proxy fits in on a busy machine: at 2 s and 3 s,
 * a burst of 103 requests sometimes takes the whole window, or one of its requests times out, and the rule is rightly
 * left unjudged. */
const burst = { windowSeconds: 4, fields: { timeouts: { requestMs: 10000, connectMs: 5000, ruleMs: 60000 } } };
/** Every create of an alert configuration reaches the target as a whole one, so the empty ones are made too. */
const wholeAlertConfigs = on(/^POST \/api\/platform\/v2\/groups\/[^/]+\/alertConfigs$/, {
  kind: 'request-body',
  text: JSON.stringify(referenceProfile.alertConfigs.variants[0]!.body),
});

/** Paths of the alert configurations the target made, from the answers the proxy passed on. */
const madeThrough = (proxy: FaultProxy) =>
  proxy.log.flatMap((e) => {
    const collection = e.path.split('?')[0]!;
    if (e.created === undefined || !collection.endsWith('/alertConfigs')) return [];
    const id = (JSON.parse(e.created) as { id?: unknown }).id;
    return typeof id === 'string' ? [`${collection}/${id}`] : [];
  });

/** Every create of a custom role is made, and answered 500 as if it had failed: its answer is lost. */
const lostRoleCreates = on(/^POST \/api\/platform\/(v2|v1\.0)\/groups\/[^/]+\/customDBRoles\/roles$/, {
  kind: 'status-after',
  status: 500,
});

const createdCount = (cli: CliProcess) => cli.journal().filter((e) => e.op === 'created').length;
const projectPath = /\/groups\/[^/]+$/;

/** Whether the run has put something into a project of its own: such a project is deleted only by the cleanup. */
function ownProjectInUse(cli: CliProcess): boolean {
  const created = cli
    .journal()
    .filter((e) => e.op === 'created')
    .map((e) => e.path);
  return created.some((p) => projectPath.test(p) && created.some((q) => q.startsWith(`${p}/`)));
}

afterAll(async () => {
  for (const { live, proxy } of started) {
    await proxy?.close();
    await live.close();
  }
});

describe.concurrent('cleanup on a live target', () => {
  it('deletes what the run created when it is interrupted (SIGINT) right after its first create', () =>
    inSlot(async () => {
      const r = await run(creating);
      await r.cli.until(() => createdCount(r.cli) >= 1);
      r.cli.signal('SIGINT');
      await expectNothingLeft(r, 130);
      expect((await r.cli.exit).report!.interrupted).toBe('SIGINT');
    }));

  it('deletes what the run created when it is terminated (SIGTERM) in the middle of the run', () =>
    inSlot(async () => {
      const r = await run(creating);
      // Checks have created and deleted things, and one has made a project.
      await r.cli.until(
        () =>
          r.cli.journal().some((e) => e.op === 'deleted') &&
          r.cli.journal().some((e) => e.op === 'created' && projectPath.test(e.path)),
      );
      r.cli.signal('SIGTERM');
      await expectNothingLeft(r, 143);
      expect((await r.cli.exit).report!.interrupted).toBe('SIGTERM');
    }));

  it('finishes the cleanup when Ctrl-C is pressed again during it', () =>
    inSlot(async () => {
      // DELETEs are slowed, so that the cleanup lasts long enough to be interrupted.
      const slowDeletes: Scenario = (req) => (req.method === 'DELETE' ? { kind: 'delay', ms: 300 } : undefined);
      const r = await run(creating, { scenario: slowDeletes });
      await r.cli.until(() => ownProjectInUse(r.cli));
      r.cli.signal('SIGINT');
      await r.cli.until(() => /deleting \d+ entit(y|ies) the run created/.test(r.cli.stderr));
      r.cli.signal('SIGINT');
      await r.cli.until(() =>
        /SIGINT again: still stopping the checks and deleting what the run created/.test(r.cli.stderr),
      );
      await expectNothingLeft(r, 130);
    }));

  it('deletes what the run created when rules fail (mutants), also what their confirming runs created', () =>
    inSlot(async () => {
      const r = await run(creating, { mutants: ['ALERTCFG-SEVERITY-OVERRIDE', 'METH-PATCH-PARTIAL'] });
      await expectNothingLeft(r, 1);
      const { report } = await r.cli.exit;
      const failed = report!.rules.filter((x) => x.status === 'fail');
      expect(failed.map((x) => x.id).sort()).toEqual(['ALERTCFG-SEVERITY-OVERRIDE', 'METH-PATCH-PARTIAL']);
      for (const rule of failed)
        expect(
          rule.checks.filter((c) => c.status === 'fail').every((c) => c.confirmed === true),
          rule.id,
        ).toBe(true);
    }));

  it('deletes the empty alert configurations of the rate-limit bursts that the target made all the same', () =>
    inSlot(async () => {
      const r = await run(bursting, { scenario: wholeAlertConfigs, ...burst });
      await expectNothingLeft(r, 0);
      expect(madeThrough(r.proxy!).length, 'alert configurations the bursts made').toBeGreaterThan(0);
    }));

  it('journals an empty alert configuration of a burst once it is made, and the cleanup of an interrupt deletes it', () =>
    inSlot(async () => {
      // Each DELETE of an alert configuration reaches the target 2 s late: a check deleting what its burst made at once
      // leaves it journaled that long, for the test to see it on a busy machine.
      const lateDeletes = on(/^DELETE \/api\/platform\/v2\/groups\/[^/]+\/alertConfigs\/[^/?]+$/, {
        kind: 'delay',
        ms: 2000,
      });
      const r = await run(bursting, { scenario: all(wholeAlertConfigs, lateDeletes), ...burst });
      const journaled = () => {
        const created = new Set(r.cli.journal().flatMap((e) => (e.op === 'created' ? [e.path] : [])));
        return madeThrough(r.proxy!).find((p) => created.has(p));
      };
      await r.cli.until(() => journaled() !== undefined);
      const made = journaled()!;
      r.cli.signal('SIGINT');
      const { code, report } = await r.cli.exit;
      expect(code, r.cli.stderr).toBe(130);
      // Creates still in flight when the run stopped may be made unanswered; the one answered is the run's to delete.
      expect(report!.cleanup.deleted).toContain(made);
      expect((await inventory(r.live)).has(made.replace(/^\/api\/platform\/v2/, ''))).toBe(false);
    }));

  it('deletes an alert configuration made over the rate limit though refused, when no check of the run judges it', () =>
    inSlot(async () => {
      // In the profile's own project: one of the suite's own would take the configuration with it when deleted.
      const r = await run(['--rule', 'LIMITS-100-PROCEED'], {
        mutants: ['LIMITS-429-AFTER-100:create-applied'],
        fields: oneProject,
      });
      await expectNothingLeft(r, 0);
    }));

  it('deletes what the run created when the target errs in the middle of checks', () =>
    inSlot(async () => {
      // Changes of alert configurations fail for good (500), some readings of them break off.
      const failing: Scenario = (req) => {
        if (/alertConfigs\/[^/?]+/.test(req.path) && (req.method === 'PATCH' || req.method === 'PUT'))
          return { kind: 'status', status: 500 };
        if (req.method === 'GET' && /alertConfigs\/[^/?]+$/.test(req.path) && req.repeat % 2 === 1)
          return { kind: 'reset' };
        return undefined;
      };
      const r = await run(creating, { scenario: failing });
      await expectNothingLeft(r, 1);
      const { report } = await r.cli.exit;
      expect(report!.rules.filter((x) => x.status === 'error').map((x) => x.id)).toEqual(
        expect.arrayContaining(['METH-PATCH-PARTIAL', 'METH-PUT-REPLACES']),
      );
    }));

  it('deletes the custom roles the target made when the answers of their creates were lost', () =>
    inSlot(async () => {
      // In the profile's own project: one of the suite's own would take the roles with it when deleted.
      const r = await run(creating, { scenario: lostRoleCreates, fields: oneProject });
      await expectNothingLeft(r, 1);
      const lost = r.proxy!.log.filter((e) => e.fault === 'status-after');
      expect(lost.length, 'creates whose answer was lost').toBeGreaterThan(0);
    }));
});
