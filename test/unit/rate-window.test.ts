// Where a rate-limit burst may go: a window in which its project spent nothing; when a check runs again to confirm a
// failure, also after a window in which the project spent nothing, so that a sliding-window target does not count the
// first run's bursts against the confirming one.
import { expect, it } from 'vitest';
import { runConfirmed } from '../../src/harness/confirm.ts';
import { RuleFailure } from '../../src/outcome.ts';
import { freshFor } from '../../suites/support/rate-window.ts';

/** A project that spent 100 requests in window 7 and nothing else. */
const scheduler = { spent: (project: string, window: number) => (project === 'p' && window === 7 ? 100 : 0) };

it('lets the first run burst right after a spent window, and its confirmation only a window later', async () => {
  const runs: boolean[][] = [];
  const { confirmed } = await runConfirmed(async (confirming) => {
    runs.push([7, 8, 9].map((w) => freshFor(scheduler, 'p', w, confirming)));
    throw new RuleFailure('refused after the turn', { expected: 200, actual: 429 });
  });
  expect(confirmed).toBe(true);
  expect(runs).toEqual([
    [false, true, true],
    [false, false, true],
  ]);
  expect(freshFor(scheduler, 'q', 8, true)).toBe(true);
});
