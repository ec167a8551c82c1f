// The end-of-run cleanup against a target that refuses or ignores its DELETEs. A 429 it waits out (Retry-After where
// the answer gives one, else the next window) and sends the DELETE again, counting the refusals as the target's
// miscount (the run had sent fewer requests than the limit in those windows). It reads every entity back, and sends
// the DELETE again while one is still there, also after a DELETE whose answer was lost (a reset, 503s), which
// counts as gone once it reads back 404. When it cannot delete something, the run's last line says so and where
// the leftovers are listed.
// The proxy keeps the checks from deleting their alert configurations (a DELETE answered 500 three times: the first
// try and the two retries), so that the cleanup has them to delete; a fourth DELETE of one is the cleanup's. It holds
// the first create back for two windows, so that the cleanup's windows are ones the scheduler saw from their start.
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.ts';
import { startCli } from '../safety/cli-process.ts';
import { added, inventory, type Inventory } from '../safety/inventory.ts';
import { oneProject, startLiveReference, type LiveReference } from '../safety/live-target.ts';
import { inSlot } from '../safety/slots.ts';
import { startFaultProxy, type FaultProxy, type Scenario } from './fault-proxy.ts';
import { on } from './scenarios.ts';

/** The reference target's rate window (config/reference.json); its windows turn with the clock. */
const windowMs = 2000;
/** The checks' tries of a DELETE: the first and the profile's two retries of a 5xx. */
const checkTries = 3;
/** Sixteen alert configurations, one per variant of spec 2.6, each deleted by the check. */
const rules = ['--rule', 'ALERTCFG-SEVERITY-OVERRIDE'];

const deleteOfAlertConfig = /^\/api\/platform\/v2\/groups\/[^/]+\/alertConfigs\/[^/?]+$/;
const firstCreate = on(
  /^POST \/api\/platform\/v2\/groups\/[^/]+\/alertConfigs$/,
  { kind: 'delay', ms: 2 * windowMs + 500 },
  1,
);

/** DELETEs of alert configurations fail for the checks; `cleanup` decides what the cleanup's get. */
function scenario(cleanup: (now: number) => ReturnType<Scenario>): Scenario {
  return (req) => {
    if (req.method !== 'DELETE' || !deleteOfAlertConfig.test(req.path)) return firstCreate(req);
    return req.repeat < checkTries ? { kind: 'status', status: 500 } : cleanup(Date.now());
  };
}

const opened: { live: LiveReference; proxy: FaultProxy }[] = [];
afterAll(async () => {
  for (const { live, proxy } of opened) {
    await proxy.close();
    await live.close();
  }
});

async function runUnder(s: Scenario, args: string[] = rules) {
  const live = await startLiveReference();
  const proxy = await startFaultProxy({ url: live.target.url, caPem: live.target.caPem }, s);
  opened.push({ live, proxy });
  const before = await inventory(live);
  const profile = live.profile({
    baseUrl: proxy.url,
    caPem: proxy.caPem,
    fields: { ...oneProject, timeouts: { requestMs: 15_000, connectMs: 2000, ruleMs: 60_000 } },
  });
  const cli = startCli(['run', '--profile', profile, '--quiet', ...args], live.env);
  const { code, report } = await cli.exit;
  expect(report, cli.stderr).toBeDefined();
  return { live, proxy, cli, code, report: report as Report, before };
}

/** What the run left on the target: alert configurations carry no run mark, so the inventories before and after tell. */
async function addedBy(r: { live: LiveReference; before: Inventory }): Promise<string[]> {
  return added(r.before, await inventory(r.live));
}

/** The cleanup deleted all sixteen, the 429s it met were waited out and are the target's miscount, nothing is left. */
async function expectCleanedDespite429(r: Awaited<ReturnType<typeof runUnder>>): Promise<void> {
  const cleanupDeletes = r.proxy.log.filter(
    (l) => l.method === 'DELETE' && deleteOfAlertConfig.test(l.path) && l.repeat >= checkTries,
  );
  const refused = cleanupDeletes.filter((l) => l.status === 429).length;
  expect(refused, "the target refused some of the cleanup's DELETEs").toBeGreaterThan(0);
  expect(r.report.cleanup.leftovers, r.cli.stderr).toEqual([]);
  expect(r.report.cleanup.deleted).toHaveLength(16);
  expect(r.report.cleanup.waited429).toBe(refused);
  expect([r.report.rateLimit?.unintended429, r.report.rateLimit?.miscounted429]).toEqual([0, refused]);
  expect(r.cli.journal()).toEqual([]);
  expect(await addedBy(r)).toEqual([]);
  // The checks could not delete their configurations: the rule is unjudged, and the run exits 1 for it alone.
  expect(r.code).toBe(1);
  expect(r.cli.stderr.trimEnd().split('\n').at(-1)).toMatch(
    /^conformance: exit 1: 1 MUST rule failed or erred: ALERTCFG-SEVERITY-OVERRIDE$/,
  );
}

describe.concurrent('the cleanup against a target that refuses or ignores its DELETEs', () => {
  it(
    'waits out Retry-After when the first cleanup DELETE of each window is refused, and deletes everything',
    () =>
      inSlot(async () => {
        const refusedIn = new Set<number>();
        const r = await runUnder(
          scenario((now) => {
            const window = Math.floor(now / windowMs);
            if (refusedIn.has(window)) return undefined;
            refusedIn.add(window);
            return { kind: 'status', status: 429, headers: { 'retry-after': '1' } };
          }),
        );
        await expectCleanedDespite429(r);
      }),
    180_000,
  );

  it(
    'waits for the next window, again and again, when every DELETE is refused for a whole window',
    () =>
      inSlot(async () => {
        let from: number | undefined;
        const r = await runUnder(
          scenario((now) => {
            from ??= now;
            return now - from < windowMs ? { kind: 'status', status: 429 } : undefined;
          }),
        );
        await expectCleanedDespite429(r);
      }),
    180_000,
  );

  it(
    'reads every entity back and deletes again what a DELETE answered 202 left in place',
    () =>
      inSlot(async () => {
        // The cleanup's first DELETE of each is answered without being passed on; the second one is.
        const r = await runUnder((req) =>
          req.method === 'DELETE' && deleteOfAlertConfig.test(req.path) && req.repeat === checkTries
            ? { kind: 'status', status: 202 }
            : scenario(() => undefined)(req),
        );
        expect(r.report.cleanup.leftovers).toEqual([]);
        expect(r.report.cleanup.deleted).toHaveLength(16);
        const cleanupDeletes = r.proxy.log.filter(
          (l) => l.method === 'DELETE' && deleteOfAlertConfig.test(l.path) && l.repeat >= checkTries,
        );
        // Two DELETEs each: the one left unanswered by the target, and the one sent again after the entity was read back.
        expect(cleanupDeletes).toHaveLength(32);
        expect(cleanupDeletes.filter((l) => l.fault === 'status').map((l) => l.status)).toEqual(Array(16).fill(202));
        expect(await addedBy(r)).toEqual([]);
      }),
    180_000,
  );

  it(
    'sends a DELETE lost to a reset again, and takes one applied before its answer was lost for gone',
    () =>
      inSlot(async () => {
        // The cleanup's first DELETE of each: torn down before it reaches the target, or after the target applied it.
        const dropped: string[] = [];
        const r = await runUnder((req) => {
          if (req.method !== 'DELETE' || !deleteOfAlertConfig.test(req.path) || req.repeat !== checkTries)
            return scenario(() => undefined)(req);
          const kind = dropped.length % 2 === 0 ? 'drop' : 'drop-after';
          dropped.push(req.path);
          return { kind };
        });
        expect(r.report.cleanup.leftovers, r.cli.stderr).toEqual([]);
        expect(r.report.cleanup.deleted).toHaveLength(16);
        expect(r.cli.journal()).toEqual([]);
        expect(await addedBy(r)).toEqual([]);
        // A DELETE that never reached the target was sent again.
        const neverSent = dropped.filter((_, i) => i % 2 === 0);
        for (const path of neverSent)
          expect(
            r.proxy.log.filter((l) => l.method === 'DELETE' && l.path === path && l.repeat > checkTries),
          ).not.toEqual([]);
      }),
    180_000,
  );

  it(
    'counts an entity gone when every DELETE of it is answered 503 after the target applied it, and it reads back 404',
    () =>
      inSlot(async () => {
        const r = await runUnder(scenario(() => ({ kind: 'status-after', status: 503 })));
        const cleanupDeletes = r.proxy.log.filter(
          (l) => l.method === 'DELETE' && deleteOfAlertConfig.test(l.path) && l.repeat >= checkTries,
        );
        expect(new Set(cleanupDeletes.map((l) => l.status))).toEqual(new Set([503]));
        expect(r.report.cleanup.leftovers, r.cli.stderr).toEqual([]);
        expect(r.report.cleanup.deleted).toHaveLength(16);
        expect(await addedBy(r)).toEqual([]);
      }),
    180_000,
  );

  it(
    'reports what is still there after every DELETE as a leftover, with the reason',
    () =>
      inSlot(async () => {
        const r = await runUnder(scenario(() => ({ kind: 'status', status: 202 })));
        expect(r.report.cleanup.leftovers.map((l) => l.reason)).toEqual(
          Array(16).fill('still there (GET answered 200) after 3 DELETEs'),
        );
        expect(await addedBy(r)).toHaveLength(16);
        expect(r.code).toBe(1);
      }),
    180_000,
  );

  it(
    'names the leftovers, the run id and the report on the last line when it cannot delete',
    () =>
      inSlot(async () => {
        const r = await runUnder(scenario(() => ({ kind: 'status', status: 500 })));
        expect(r.code).toBe(1);
        expect(r.report.cleanup.leftovers).toHaveLength(16);
        for (const l of r.report.cleanup.leftovers)
          expect(l.reason).toMatch(new RegExp(`DELETE \\S+${l.path} answered 500 \\(after 2 retries\\)$`));
        const last = r.cli.stderr.trimEnd().split('\n').at(-1);
        expect(last).toBe(
          `conformance: exit 1: the run left 16 entities it created on the target (run ${r.report.runId}): see cleanup.leftovers in ${r.cli.reportsDir}/conformance.json; 1 MUST rule failed or erred: ALERTCFG-SEVERITY-OVERRIDE`,
        );
      }),
    180_000,
  );

  it(
    'says on the last line that --strict failed the run, and how many MUST rules were not judged',
    () =>
      inSlot(async () => {
        const r = await runUnder(() => undefined, ['--strict', '--rule', 'CLU-GCP-PROVIDER', '--rule', 'METH-405']);
        expect(r.code).toBe(1);
        // A rule the filter left out was not asked for, and one not applicable has nothing to judge: neither counts.
        const counted = ['pass', 'left-out', 'not-applicable'];
        const unjudged = r.report.rules.filter((x) => x.level === 'MUST' && !counted.includes(x.status));
        expect(unjudged.map((x) => x.id)).toEqual(['CLU-GCP-PROVIDER']);
        expect(r.cli.stderr.trimEnd().split('\n').at(-1)).toBe(
          'conformance: exit 1: --strict, and 1 MUST rule was not judged: CLU-GCP-PROVIDER',
        );
      }),
    180_000,
  );
});
