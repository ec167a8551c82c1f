// The run's plan under a rate limit: projected project requests from the cost model, and the cases per property a
// time budget allows.
import { describe, expect, it } from 'vitest';
import {
  describePlan,
  planBudget,
  planFor,
  planNotice,
  projectRequests,
  type CostModel,
} from '../../src/runner/plan.ts';

const model: CostModel = {
  measuredWith: 'a test model',
  numRuns: [20, 100],
  projectShare: 0.5,
  rules: {
    A: { covering: { fixed: 100, perCase: 2 }, all: { fixed: 50, perCase: 20 } },
    B: { covering: { fixed: 300, perCase: 0 }, all: { fixed: 300, perCase: 0 } },
    C: { covering: { fixed: 0, perCase: 4 }, all: { fixed: 0, perCase: 4 } },
  },
};
const realLimit = { limit: 100, windowSeconds: 60 };

describe('the plan of a run', () => {
  it('projects the fixed and per-case requests of the selected rules onto the project', () => {
    expect(projectRequests(model, 10)).toBe(Math.ceil((100 + 20 + 300 + 40) * 0.5));
    expect(projectRequests(model, 10, new Set(['A']))).toBe(60);
    // Each --cases mode has its own fit.
    expect(projectRequests(model, 10, new Set(['A']), 'all')).toBe(Math.ceil((50 + 200) * 0.5));
    expect(planFor(model, realLimit, 100)).toEqual({
      numRuns: 100,
      cases: 'covering',
      projectRequests: 500,
      windows: 5,
      durationMs: 300_000,
    });
  });

  it('chooses the most cases per property whose windows fit in the budget', () => {
    const plan = planBudget(model, realLimit, 600_000);
    expect(plan.durationMs).toBeLessThanOrEqual(600_000);
    expect(planFor(model, realLimit, plan.numRuns + 1).durationMs).toBeGreaterThan(600_000);
    expect(plan).toMatchObject({ budgetMs: 600_000, fits: true });
    expect(describePlan(plan, realLimit)).toBe(
      `plan: num-runs ${plan.numRuns}, cases covering, at most ${plan.projectRequests} requests to a project, about 10 min at 100 per 60 s (fits the budget of 10 min)`,
    );
  });

  it('says when even num-runs 1 exceeds the budget', () => {
    const plan = planBudget(model, realLimit, 60_000);
    expect(plan).toMatchObject({ numRuns: 1, fits: false, windows: 3 });
    expect(describePlan(plan, realLimit)).toMatch(/exceeds the budget of 1 min even at num-runs 1/);
  });

  it('is announced before a run chosen for a budget or longer than three minutes, and only then', () => {
    expect(planNotice(planFor(model, realLimit, 100), realLimit)).toBe(
      'plan: num-runs 100, cases covering, at most 500 requests to a project, about 5 min at 100 per 60 s',
    );
    expect(
      planNotice(planFor(model, { limit: 100, windowSeconds: 2 }, 100), { limit: 100, windowSeconds: 2 }),
    ).toBeUndefined();
    expect(planNotice(planFor(model, realLimit, 1), realLimit)).toBeUndefined();
    expect(
      planNotice(planBudget(model, { limit: 100, windowSeconds: 2 }, 60_000), { limit: 100, windowSeconds: 2 }),
    ).toMatch(/fits the budget of 1 min/);
  });
});
