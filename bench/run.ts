// Measurements of the suite: `npm run bench` runs them all, `npm run bench -- NAME` one of them. They print
// numbers and judge nothing (tests never assert speed). Each measurement is one entry of `measurements`.
import { setTimeout as sleep } from 'node:timers/promises';
import { runSuite } from './common.ts';
import { costModel, liveEconomy } from './live-economy.ts';

/** Spec 8 pacing: the full suite under the spec's limit with a one-minute window, against the floor the limit
 * imposes on the requests the run sent. The floor: the fewest windows N in which each project's requests that
 * proceeded fit at `limit` per window (at least two when the reset rule ran: a refusal, then the next window),
 * so no run can end before its N-th window opens: (N - 1) windows from the start of the first, less the part of
 * the first window already gone when the run started. */
async function rateLimit(): Promise<void> {
  const windowSeconds = 60;
  const windowMs = windowSeconds * 1000;
  // Starting just after a turn of the target's clock (the embedded target's clock is ours) gives the run whole windows.
  await sleep(windowMs - (Date.now() % windowMs) + 50);
  const report = runSuite((p) => {
    p.rateLimit = { ...(p.rateLimit as object), limit: 100, windowSeconds };
    // A check may wait for several windows of budget.
    p.timeouts = { ...(p.timeouts as object), ruleMs: 60 * windowMs };
  });
  const usage = report.rateLimit;
  if (!usage) throw new Error('the report has no rateLimit field');
  const projects = Object.entries(usage.projects).sort(([, a], [, b]) => b.requests - a.requests);
  const resetRan = report.rules.some((r) => r.id === 'LIMITS-RESET-AT-TURN' && r.checks.length > 0);
  const windows = Math.max(
    resetRan ? 2 : 1,
    ...projects.map(([, p]) => Math.ceil((p.requests - p.refused) / usage.limit)),
  );
  const startOffsetMs = Date.parse(report.startedAt) % windowMs;
  const floorMs = (windows - 1) * windowMs - startOffsetMs;
  const table = projects.map(
    ([id, p]) =>
      `  ${id}  ${String(p.requests).padStart(5)} requests  ${String(p.refused).padStart(3)} refused  ${String(p.windows).padStart(3)} windows  waited ${(p.waitedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    [
      `rate-limit: limit ${usage.limit} per ${windowSeconds} s window; rules ${JSON.stringify(report.totals)}`,
      `  requests: ${report.requests} in all, ${usage.requests} to projects (${usage.unintended429} unintended 429)`,
      ...table,
      `  wall time ${(report.durationMs / 1000).toFixed(1)} s, ${usage.windows} windows used, waiting ${(usage.waitedMs / 1000).toFixed(1)} s`,
      `  floor: ${windows} windows, started ${(startOffsetMs / 1000).toFixed(1)} s into the first: ${(floorMs / 1000).toFixed(1)} s`,
      `  ratio wall / floor: ${(report.durationMs / floorMs).toFixed(3)}`,
    ].join('\n'),
  );
}

const measurements: Record<string, () => Promise<void>> = {
  'rate-limit': rateLimit,
  'live-economy': liveEconomy,
  'cost-model': costModel,
};
// cost-model rewrites src/runner/cost-model.json: only when named.
const byDefault = ['rate-limit', 'live-economy'];

const chosen = process.argv.slice(2);
for (const name of chosen.length ? chosen : byDefault) {
  const measure = measurements[name];
  if (!measure) throw new Error(`no measurement named '${name}' (${Object.keys(measurements).join(', ')})`);
  await measure();
}
