// The per-run memo: one value per run and key, made afresh by a check running again to confirm a failure.
import { describe, expect, it, vi } from 'vitest';
import { runConfirmed } from '../../src/harness/confirm.ts';
import { once } from '../../src/harness/per-run.ts';
import { RuleFailure } from '../../src/outcome.ts';

const run = vi.hoisted(() => ({ id: 'run-1' }));
vi.mock('vitest', async (actual) => ({
  ...(await actual<typeof import('vitest')>()),
  inject: () => ({ runId: run.id }),
}));

/** A maker that counts its calls. */
function counter(): () => number {
  let n = 0;
  return () => ++n;
}

describe('once', () => {
  it('makes a value once per key and run, and again when the run changes', () => {
    const make = counter();
    expect([once('a', make), once('a', make), once('b', make)]).toEqual([1, 1, 2]);
    run.id = 'run-2';
    expect(once('a', make)).toBe(3);
  });

  it('makes the value afresh while a failing check runs again, once per confirmation', async () => {
    const make = counter();
    const seen: number[] = [];
    const result = await runConfirmed(async () => {
      seen.push(once('c', make), once('c', make));
      throw new RuleFailure('broken');
    });
    expect(result.confirmed).toBe(true);
    expect(seen).toEqual([1, 1, 2, 2]);
    expect(once('c', make)).toBe(1);
  });

  it("keeps the run's value in a confirmation when not afresh", async () => {
    const make = counter();
    const seen: number[] = [];
    await runConfirmed(async () => {
      seen.push(once('d', make, { afresh: false }));
      throw new RuleFailure('broken');
    });
    expect(seen).toEqual([1, 1]);
  });
});
