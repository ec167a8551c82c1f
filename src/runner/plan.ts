// The run's plan under a profile's rate limit: requests to a project projected from the cost model
// (src/runner/cost-model.json, measured by `npm run bench -- cost-model`), the windows they need, and for a time
// budget (--budget) the most generated cases per property that fit in it.
import { readFileSync } from 'node:fs';
import { defaultCaseMode, type CaseMode } from '../target/run-setup.ts';
import type { Plan } from '../report/report.ts';

/** Requests of one rule's checks: a fixed part and a part per generated case (--num-runs). */
export interface RuleCost {
  fixed: number;
  perCase: number;
}

export interface CostModel {
  /** The profile shape and the cases per property of the runs the model was fitted to. */
  measuredWith: string;
  numRuns: number[];
  /** Of every request of those runs, the share sent to the project (a one-project profile: all project-scoped ones). */
  projectShare: number;
  /** Each rule's cost under each --cases mode, fitted from runs in that mode. */
  rules: Record<string, Record<CaseMode, RuleCost>>;
}

export interface RateLimitFacts {
  limit: number;
  windowSeconds: number;
}

/** The most cases per property a budget may choose: beyond it a property's cases repeat its places. */
export const maxPlannedNumRuns = 10_000;

export function loadCostModel(): CostModel {
  return JSON.parse(readFileSync(new URL('./cost-model.json', import.meta.url), 'utf8')) as CostModel;
}

/** The requests to the busiest project of a run of `rules` (every rule of the model when undefined) with `numRuns` cases per property. */
export function projectRequests(
  model: CostModel,
  numRuns: number,
  rules?: Set<string>,
  cases: CaseMode = defaultCaseMode,
): number {
  let all = 0;
  for (const [id, modes] of Object.entries(model.rules))
    if (!rules || rules.has(id)) all += modes[cases].fixed + modes[cases].perCase * numRuns;
  return Math.ceil(all * model.projectShare);
}

export function planFor(
  model: CostModel,
  rate: RateLimitFacts,
  numRuns: number,
  rules?: Set<string>,
  cases: CaseMode = defaultCaseMode,
): Plan {
  const requests = projectRequests(model, numRuns, rules, cases);
  const windows = Math.max(1, Math.ceil(requests / rate.limit));
  return { numRuns, cases, projectRequests: requests, windows, durationMs: windows * rate.windowSeconds * 1000 };
}

/** The plan with the most cases per property whose projected duration fits in `budgetMs` (one case when none does). */
export function planBudget(
  model: CostModel,
  rate: RateLimitFacts,
  budgetMs: number,
  rules?: Set<string>,
  cases: CaseMode = defaultCaseMode,
): Plan {
  const plan = (numRuns: number) => planFor(model, rate, numRuns, rules, cases);
  let lo = 1;
  let hi = maxPlannedNumRuns;
  if (plan(lo).durationMs > budgetMs) return { ...plan(lo), budgetMs, fits: false };
  // The duration grows with the cases: the largest count that fits, by bisection.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (plan(mid).durationMs <= budgetMs) lo = mid;
    else hi = mid - 1;
  }
  return { ...plan(lo), budgetMs, fits: true };
}

/** A duration for people: "9 min 30 s", "45 s". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

/** A run projected to take longer than this at the profile's rate limit has its plan printed before it starts. */
export const longRunMs = 3 * 60_000;

/** The line to print before the run: for a plan chosen for a budget, or one that takes long; otherwise none. */
export function planNotice(plan: Plan, rate: RateLimitFacts): string | undefined {
  return plan.budgetMs !== undefined || plan.durationMs > longRunMs ? describePlan(plan, rate) : undefined;
}

/** One line: the plan, for the console before the run starts. */
export function describePlan(plan: Plan, rate: RateLimitFacts): string {
  const budget =
    plan.budgetMs === undefined
      ? ''
      : plan.fits
        ? ` (fits the budget of ${formatDuration(plan.budgetMs)})`
        : ` (exceeds the budget of ${formatDuration(plan.budgetMs)} even at num-runs 1)`;
  return `plan: num-runs ${plan.numRuns}, cases ${plan.cases}, at most ${plan.projectRequests} requests to a project, about ${formatDuration(plan.durationMs)} at ${rate.limit} per ${rate.windowSeconds} s${budget}`;
}
