// `conformance plan`: what a run under a profile would do, read from the profile alone (no request is sent): each
// selected rule run, skipped or not applicable (naming the profile fact), and the requests and time the cost model projects.
import { rules } from '../catalogue/catalogue.ts';
import { loadProfile, referenceProfileFile } from '../profile/load.ts';
import { planRule, type Need, type RulePlan } from '../runner/profile-needs.ts';
import { formatDuration, loadCostModel, planBudget, planFor } from '../runner/plan.ts';
import type { Plan } from '../report/report.ts';
import type { PlanArgs } from './args.ts';
import { selectedRules } from './selection.ts';

export interface RunPlan {
  profile: string;
  rules: (RulePlan & { level: string })[];
  /** The requests the cost model projects to each of the profile's projects (at most: it puts all on one). */
  projects: string[];
  plan: Plan;
  rateLimit: { limit: number; windowSeconds: number };
}

const facts = (needs: Need[]): string => needs.map((n) => `${n.fact} (${n.reason})`).join('; ');

/** The plan of a run of the selected rules under the profile. */
export function planRun(args: Omit<PlanArgs, 'command' | 'json'>): RunPlan {
  const profile = loadProfile(args.profile ?? referenceProfileFile);
  const selected = args.rules.length || args.tags.length ? selectedRules(args.rules, args.tags) : undefined;
  const planned = rules
    .filter((r) => !selected || selected.has(r.id))
    .map((r) => ({ ...planRule(r.id, profile), level: r.level }));
  // The requests of the rules that will run: a skipped or not applicable rule's checks stop before they send.
  const running = new Set(planned.filter((r) => r.status === 'run').map((r) => r.id));
  const model = loadCostModel();
  const plan =
    args.budgetMs !== undefined
      ? planBudget(model, profile.rateLimit, args.budgetMs, running, args.cases)
      : planFor(model, profile.rateLimit, args.numRuns, running, args.cases);
  return {
    profile: profile.name,
    rules: planned,
    projects: profile.projects.ids,
    plan,
    rateLimit: { limit: profile.rateLimit.limit, windowSeconds: profile.rateLimit.windowSeconds },
  };
}

function ruleLine(r: RunPlan['rules'][number], width: number): string {
  const head = `${r.id.padEnd(width)}  ${r.level.padEnd(6)}`;
  if (r.status === 'skipped') return `${head}skipped: ${facts(r.skipped)}`;
  if (r.status === 'not-applicable') return `${head}not applicable: ${facts(r.skipped)}`;
  const notes = [
    ...(r.partly.length ? [`some checks skip: ${facts(r.partly)}`] : []),
    ...(r.mayskip.length ? [`may skip on what the target holds: ${facts(r.mayskip)}`] : []),
  ];
  return `${head}will run${notes.length ? `; ${notes.join('; ')}` : ''}`;
}

export function planCommand(args: PlanArgs): number {
  const p = planRun(args);
  if (args.json) {
    process.stdout.write(`${JSON.stringify(p, null, 2)}\n`);
    return 0;
  }
  const width = Math.max(...p.rules.map((r) => r.id.length));
  const out = [
    `plan of a run under profile '${p.profile}' (no request sent):`,
    ...p.rules.map((r) => ruleLine(r, width)),
  ];
  const skipped = p.rules.filter((r) => r.status === 'skipped').length;
  const notApplicable = p.rules.filter((r) => r.status === 'not-applicable').length;
  out.push(
    `${p.rules.length} rules: ${p.rules.length - skipped - notApplicable} will run, ${skipped} skipped` +
      (notApplicable ? `, ${notApplicable} not applicable` : ''),
  );
  const { plan, rateLimit: rate } = p;
  const at = `${plan.windows} windows, about ${formatDuration(plan.durationMs)} at ${rate.limit} per ${rate.windowSeconds} s`;
  const projects = p.projects.length ? p.projects : ['(the projects the run creates)'];
  for (const id of projects) out.push(`project ${id}: at most ${plan.projectRequests} requests, ${at}`);
  const budget =
    plan.budgetMs === undefined
      ? ''
      : plan.fits
        ? ` (the most that fit the budget of ${formatDuration(plan.budgetMs)})`
        : ` (exceeds the budget of ${formatDuration(plan.budgetMs)} even at num-runs 1)`;
  out.push(
    `num-runs ${plan.numRuns}, cases ${plan.cases}${budget}; the cost model puts every project request on one project, so each figure is an upper bound`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
