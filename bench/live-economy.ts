// Live-run economy: what a full run costs the busiest project, for the one-project, no-creation profile shape of most
// production accounts and for the reference profile, run against the embedded target with its short window and
// projected to the real service's limit (100 requests per 60 s). `cost-model` fits src/runner/cost-model.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCostModel, planFor, formatDuration, type CostModel, type RuleCost } from '../src/runner/plan.ts';
import type { CaseMode } from '../src/target/run-setup.ts';
import type { Report } from '../src/report/report.ts';
import { root, runSuite, type Profile } from './common.ts';
import { requestsPerRule } from './replay-floor.ts';

const realLimit = { limit: 100, windowSeconds: 60 };

/** The reference profile cut to one project that may create nothing, with the owner and read-only credentials only. */
function oneProject(p: Profile): void {
  p.projects = { ids: [p.projects.ids[0]], allowCreate: false };
  p.allowBillable = false;
  for (const name of ['owner2', 'outsider', 'serviceAccount']) delete p.credentials[name];
}

function busiest(report: Report): [string, { requests: number; windows: number }] {
  const projects = Object.entries(report.rateLimit?.projects ?? {}).sort(([, a], [, b]) => b.requests - a.requests);
  return projects[0] ?? ['none', { requests: 0, windows: 0 }];
}

/** About how long `windows` of the real service's take. */
const atRealLimit = (windows: number) =>
  `about ${formatDuration(windows * realLimit.windowSeconds * 1000)} at ${realLimit.limit} per ${realLimit.windowSeconds} s`;

/** Seeds each profile shape is run with: what a run sends varies with its generated cases, so a change is measured
 * on the same three. */
const seeds = [1, 2, 3];

function print(name: string, reports: Report[], model: CostModel): void {
  const first = reports[0]!;
  const planned = planFor(model, realLimit, first.numRuns, undefined, first.cases);
  const lines = reports.map((report, i) => {
    const [project, usage] = busiest(report);
    const windows = Math.ceil(usage.requests / realLimit.limit);
    return [
      `  seed ${seeds[i]}: rules ${JSON.stringify(report.totals)}, ${report.requests} requests in all, ${report.rateLimit?.unintended429 ?? 0} unintended 429, wall ${formatDuration(report.durationMs)} at ${report.rateLimit?.limit} per ${report.rateLimit?.windowSeconds} s`,
      `    busiest project ${project}: ${usage.requests} requests: ${windows} windows, ${atRealLimit(windows)}`,
      // Windows a burst leaves spent or one that holds a probe alone count here, not in the requests.
      `    windows of the target it sent in: ${usage.windows}, ${atRealLimit(usage.windows)}`,
    ].join('\n');
  });
  console.log(
    [
      `${name}:`,
      ...lines,
      `  planner's estimate (one-project bound): ${planned.projectRequests} requests, about ${formatDuration(planned.durationMs)}`,
      `  requests per rule, seed ${seeds[0]} (top 15):`,
      ...requestsPerRule(first)
        .slice(0, 15)
        .map(([id, n]) => `    ${id.padEnd(32)} ${String(n).padStart(5)}`),
    ].join('\n'),
  );
}

export async function liveEconomy(): Promise<void> {
  const model = loadCostModel();
  const runs = (override: (p: Profile) => void) => seeds.map((seed) => runSuite(override, ['--seed', String(seed)]));
  print('one project, no creation', runs(oneProject), model);
  print(
    'reference profile',
    runs(() => {}),
    model,
  );
}

/** The model as JSON with one line per rule, so that a refit reads as a diff of the rules that changed. */
function modelText(model: CostModel): string {
  const rules = Object.entries(model.rules).map(([id, cost]) => `    ${JSON.stringify(id)}: ${JSON.stringify(cost)}`);
  const head = JSON.stringify({ ...model, rules: undefined }, null, 2).replace(/\n}$/, '');
  return `${head},\n  "rules": {\n${rules.join(',\n')}\n  }\n}\n`;
}

/** Each rule's requests as fixed + perCase x num-runs, from two runs of the one-project shape in one --cases mode. */
function fitMode(cases: CaseMode, counts: number[]): { costs: Map<string, RuleCost>; shares: number[] } {
  const runs = counts.map((n) => runSuite(oneProject, ['--num-runs', String(n), '--cases', cases, '--seed', '1']));
  const [a, b] = runs.map((r) => new Map(requestsPerRule(r)));
  const costs = new Map<string, RuleCost>();
  for (const [id, n2] of b!) {
    const n1 = a!.get(id) ?? 0;
    const perCase = Math.max(0, (n2 - n1) / (counts[1]! - counts[0]!));
    costs.set(id, {
      fixed: Math.max(0, Math.round(n2 - perCase * counts[1]!)),
      perCase: Math.round(perCase * 100) / 100,
    });
  }
  return { costs, shares: runs.map((r) => (r.rateLimit?.requests ?? 0) / r.requests) };
}

/** Fits the model in both --cases modes and writes it. */
export async function costModel(): Promise<void> {
  const counts = [20, 100];
  const covering = fitMode('covering', counts);
  const all = fitMode('all', counts);
  const none = { fixed: 0, perCase: 0 };
  const ids = [...new Set([...covering.costs.keys(), ...all.costs.keys()])].sort();
  const rules: CostModel['rules'] = Object.fromEntries(
    ids.map((id) => [id, { covering: covering.costs.get(id) ?? none, all: all.costs.get(id) ?? none }]),
  );
  const model: CostModel = {
    measuredWith:
      'the reference profile cut to one project, no creation, each --cases mode (npm run bench -- cost-model), seed 1',
    numRuns: counts,
    projectShare: Math.round(Math.max(...covering.shares, ...all.shares) * 1000) / 1000,
    rules,
  };
  writeFileSync(join(root, 'src/runner/cost-model.json'), modelText(model));
  console.log(
    `cost model: ${Object.keys(rules).length} rules, project share ${model.projectShare}; num-runs 100: ${planFor(model, realLimit, 100).projectRequests} requests to a project`,
  );
}
