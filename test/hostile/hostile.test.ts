// The suite against hostile targets: the reference target behind a proxy that breaks some of its answers. Each run
// finishes within its timeouts (this test's own time limit), writes its report and never crashes; every rule whose
// evidence a fault corrupted is an error naming the cause, rules the faults do not reach still pass, and only rules
// about the very thing a fault breaks fail. A transient 5xx is retried and the retries show in the evidence; a failure
// is run again and reported confirmed or flaky; a wrong TLS certificate stops the run at the preflight.
import { afterAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/exchange.ts';
import type { Report, RuleResult } from '../../src/report/report.ts';
import { leaksOf } from '../safety/secret-scan.ts';
import { faultHeader, type Scenario } from './fault-proxy.ts';
import { bounds, closeHostileRuns, runAgainst, type HostileRun } from './hostile-run.ts';
import { all, hostiles, on, serverErrors, type Hostile } from './scenarios.ts';

const runLimitMs = 180_000;

/** Whether an exchange is one the proxy corrupted: its answer is marked, or it broke off with no answer. */
const corrupted = (e: Exchange) => e.error !== undefined || e.response?.headers[faultHeader] !== undefined;
const rule = (report: Report, id: string) => report.rules.find((r) => r.id === id)!;
const line = (r: RuleResult) => `${r.id}: ${r.status}${r.reason ? ` (${r.reason.slice(0, 160)})` : ''}`;

afterAll(closeHostileRuns);

/** Runs the hostile target's rules; the run ends well, and each rule comes to what the scenario says. */
async function judgedUnder(h: Hostile): Promise<HostileRun & { report: Report }> {
  const run = await runAgainst(h.scenario, h.rules);
  expect([0, 1], run.cli.stderr).toContain(run.cli.code);
  expect(run.report, run.cli.stderr).toBeDefined();
  const report = run.report!;
  expect(report.runErrors).toEqual([]);
  expect(
    run.proxy.log.some((l) => l.fault),
    'the faults were inflicted',
  ).toBe(true);
  const expected = h.rules.map((id) => `${id}: ${h.errors[id] ? 'error' : h.fails?.includes(id) ? 'fail' : 'pass'}`);
  expect(
    h.rules.map((id) => line(rule(report, id)).replace(/ \(.*$/, '')),
    h.rules.map((id) => line(rule(report, id))).join('\n'),
  ).toEqual(expected);
  for (const [id, cause] of Object.entries(h.errors)) {
    const r = rule(report, id);
    const erring = r.checks.filter((c) => c.status === 'error');
    expect(
      erring.map((c) => c.cause),
      `${id}: every erring check names the cause`,
    ).toEqual(erring.map(() => cause));
    expect(corrupted(r.evidence[0]!), `${id} is decided by an exchange the fault corrupted`).toBe(true);
  }
  for (const id of h.fails ?? [])
    expect(corrupted(rule(report, id).evidence[0]!), `${id} fails on what the fault broke`).toBe(true);
  expect(leaksOf(run.cli, run.live.env)).toEqual([]);
  return { ...run, report };
}

describe.concurrent('the suite against a hostile target', () => {
  for (const h of hostiles) it(h.title, () => judgedUnder(h).then(() => undefined), runLimitMs);

  it(
    `${serverErrors.title}: a 5xx is retried and every attempt shows in the evidence`,
    async () => {
      const { report, proxy } = await judgedUnder(serverErrors);
      // Statuses of the exchanges with a URL, leaving out Digest challenges (401), which the client answers.
      const statuses = (r: RuleResult, url: RegExp) =>
        r.evidence.filter((e) => url.test(e.request.url) && e.response?.status !== 401).map((e) => e.response?.status);
      // Two 503s, then the answer.
      expect(statuses(rule(report, 'EVT-TYPES-LIST'), /\/eventTypes\?pageNum=1&/)).toEqual([503, 503, 200]);
      // A create answered 503 was not processed, so it is sent again.
      expect(
        proxy.log
          .filter((l) => l.method === 'POST' && /alertConfigs$/.test(l.path))
          .slice(0, 2)
          .map((l) => l.status),
      ).toEqual([503, 201]);
      // A 500 that persists: the first attempt and two retries, then the rule is unjudged.
      const events = rule(report, 'EVT-EVENT-TYPE-NAME');
      expect(statuses(events, /\/events/)).toEqual([500, 500, 500]);
      expect(events.reason).toMatch(/answered 500 \(after 2 retries\)$/);
      // A PATCH answered 500 and a 429 are sent once; each check whose first PATCH drew the 500 errs.
      const patch = rule(report, 'METH-PATCH-PARTIAL');
      expect(patch.reason).toMatch(/PATCH .* answered 500( \(and \d+ more erring checks?\))?$/);
      const patched = new URL(patch.evidence[0]!.request.url).pathname;
      expect(proxy.log.filter((l) => l.method === 'PATCH' && l.path === patched).map((l) => l.status)).toEqual([500]);
      expect(
        proxy.log.filter((l) => l.method === 'DELETE' && l.path.endsWith('/eventTypes')).map((l) => l.status),
      ).toEqual([429]);
    },
    runLimitMs,
  );

  it(
    'runs a failing check again: a failure that repeats is confirmed, one that does not is a flaky error',
    async () => {
      // DELETE /eventTypes is wrong once, PUT /eventTypes every time (the rule wants 405 for both).
      const scenario = all(
        on(/^DELETE \/api\/platform\/v2\/eventTypes$/, { kind: 'status', status: 404 }, 1),
        on(/^PUT \/api\/platform\/v2\/eventTypes$/, { kind: 'status', status: 404 }),
      );
      const run = await runAgainst(scenario, ['METH-405']);
      const meth = rule(run.report!, 'METH-405');
      const check = (method: string) => meth.checks.find((c) => c.name.startsWith(`${method} /eventTypes`))!;
      expect([check('PUT').status, check('PUT').confirmed]).toEqual(['fail', true]);
      expect([check('DELETE').status, check('DELETE').cause, check('DELETE').confirmed]).toEqual([
        'error',
        'flaky',
        false,
      ]);
      expect(check('DELETE').reason).toMatch(/^flaky: failed, then passed when run again/);
      expect(meth.status).toBe('fail');
      expect(
        run.proxy.log.filter((l) => l.method === 'DELETE' && l.path.endsWith('/eventTypes')).map((l) => l.status),
      ).toEqual([404, 405]);
    },
    runLimitMs,
  );

  it(
    'leaves a rate-limit rule unjudged when its burst takes longer than a window twice: it is sent once more, no more',
    async () => {
      // 30 ms on every read of a project: the 102 reads of the burst take about 3 s, longer than the 2 s window.
      const slowReads: Scenario = (req) =>
        req.method === 'GET' && /^\/api\/platform\/v2\/groups\/[0-9a-f]{24}$/.test(req.path)
          ? { kind: 'delay', ms: 30 }
          : undefined;
      const run = await runAgainst(slowReads, ['LIMITS-100-PROCEED']);
      const limits = rule(run.report!, 'LIMITS-100-PROCEED');
      expect([limits.status, limits.checks[0]?.cause]).toEqual(['error', 'nothing-judged']);
      expect(limits.reason).toMatch(
        /^nothing-judged: a burst of \d+ requests took \d+\.\d s at this target, more than a window \(2 s\)/,
      );
      const reads = run.proxy.log.filter((l) => l.method === 'GET' && /\/groups\/[0-9a-f]{24}$/.test(l.path)).length;
      expect(reads).toBeGreaterThan(200);
      expect(reads).toBeLessThan(250);
    },
    runLimitMs,
  );

  it(
    'stops at the preflight, naming TLS, when the target presents a certificate the profile does not trust',
    async () => {
      // The profile trusts the reference target's CA; the proxy presents its own certificate.
      const run = await runAgainst(
        () => undefined,
        ['METH-405'],
        (live, proxy) => live.profile({ baseUrl: proxy.url, caPem: live.target.caPem, fields: bounds }),
      );
      expect(run.cli.code).toBe(2);
      expect(run.cli.stderr).toMatch(/^conformance: target unreachable: TLS: /m);
      expect(run.report).toBeUndefined();
      expect(run.proxy.log).toEqual([]);
    },
    runLimitMs,
  );
});
