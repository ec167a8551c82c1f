// Checks whose preconditions do not hold: the reference target behind a proxy that fabricates what a check relies on
// (every create answered with the first entity made, a list that holds one item whatever was added to it, entities
// without a number). Each such check is an error saying which precondition failed, never a pass.
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.ts';
import type { FaultProxy, Scenario } from './fault-proxy.ts';
import { bounds, closeHostileRuns, runAgainst } from './hostile-run.ts';

const runLimitMs = 180_000;
const alertConfigs = /^\/api\/platform\/v2\/groups\/[^/]+\/alertConfigs(\?|$)/;
const isRoot = (path: string) => /^\/api\/platform\/v2\/?(\?|$)/.test(path);

afterAll(closeHostileRuns);

/** The checks of `rule` that judge the alert configurations the suite filled a list with. */
const filledChecks = (report: Report, rule: string) =>
  report.rules
    .find((r) => r.id === rule)!
    .checks.filter((c) => c.name.includes('alert configurations the suite created'));

/** Runs `rules` through a proxy whose scenario may read what the proxy has logged so far. */
async function runWith(scenario: (proxy: FaultProxy) => Scenario, rules: string[]): Promise<Report> {
  let proxy: FaultProxy | undefined;
  const run = await runAgainst(
    (req) => (proxy ? scenario(proxy)(req) : undefined),
    rules,
    (live, p) => {
      proxy = p;
      return live.profile({ baseUrl: p.url, caPem: p.caPem, fields: bounds });
    },
  );
  expect(run.report, run.cli.stderr).toBeDefined();
  expect(
    run.proxy.log.some((l) => l.fault),
    'the faults were inflicted',
  ).toBe(true);
  return run.report!;
}

describe.concurrent('checks whose preconditions do not hold', () => {
  it(
    'errs, never passes, on a list filled by creates all answered with the first entity made',
    async () => {
      const report = await runWith(
        (proxy) => (req) => {
          if (req.method !== 'POST' || !alertConfigs.test(req.path)) return undefined;
          const first = proxy.log.find((l) => l.method === 'POST' && alertConfigs.test(l.path) && l.created)?.created;
          return first ? { kind: 'replace-body', text: first } : undefined;
        },
        ['LIST-SHAPE', 'LIST-PAGE-1-BASED'],
      );
      for (const rule of ['LIST-SHAPE', 'LIST-PAGE-1-BASED']) {
        const checks = filledChecks(report, rule);
        expect(checks.length, rule).toBeGreaterThan(0);
        for (const c of checks) {
          expect([c.status, c.cause], `${rule}: ${c.name}: ${c.reason}`).toEqual(['error', 'nothing-judged']);
          expect(c.reason).toMatch(/no new entity was made for the check/);
        }
      }
    },
    runLimitMs,
  );

  it(
    'errs, never passes, on a list that holds one item with a count of 0 whatever was added to it',
    async () => {
      const one = JSON.stringify({
        totalCount: 0,
        results: [{ id: '0123456789abcdef01234567', eventTypeName: 'NO_PRIMARY', links: [] }],
        links: [{ rel: 'self', href: 'https://target.invalid/' }],
      });
      const report = await runWith(
        () => (req) =>
          req.method === 'GET' && alertConfigs.test(req.path) ? { kind: 'replace-body', text: one } : undefined,
        ['LIST-SHAPE', 'LIST-PAGE-1-BASED'],
      );
      for (const rule of ['LIST-SHAPE', 'LIST-PAGE-1-BASED']) {
        const checks = filledChecks(report, rule);
        expect(checks.length, rule).toBeGreaterThan(0);
        for (const c of checks) {
          expect([c.status, c.cause], `${rule}: ${c.name}: ${c.reason}`).toEqual(['error', 'nothing-judged']);
          expect(c.reason).toMatch(/the list did not fill: it holds 1 item, without 10 of the 10/);
        }
      }
    },
    runLimitMs,
  );

  it(
    'errs, never passes, when no entity or list reached holds a number',
    async () => {
      // Every answer but the root's is an entity with no field but an empty links array.
      const report = await runWith(
        () => (req) =>
          req.method === 'GET' && !isRoot(req.path) ? { kind: 'replace-body', text: '{"links":[]}' } : undefined,
        ['ENT-UNIT-IN-NAME'],
      );
      const rule = report.rules.find((r) => r.id === 'ENT-UNIT-IN-NAME')!;
      // Neither the check of what the crawl reached nor the judgement of every answer of the run finds a number: the
      // first errs, the second has no subject in the run.
      expect(rule.status, rule.reason).toBe('error');
      expect(rule.checks.map((c) => c.cause ?? c.status).sort()).toEqual(['not-applicable', 'nothing-judged']);
      expect(rule.checks.map((c) => c.reason)).toContainEqual(
        expect.stringMatching(/no entity or list reached holds a number/),
      );
    },
    runLimitMs,
  );
});
