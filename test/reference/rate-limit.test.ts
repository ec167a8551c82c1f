// The reference target's rate limit (spec 8): one counter per project, shared by all callers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IDS, V2, call, start, type Started } from './helpers.ts';

const LIMIT = 3;
const WINDOW_MS = 1000;
let s: Started;
beforeAll(async () => {
  s = await start({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } });
});
afterAll(async () => {
  await s.close();
});

/** Starts the requests early in a window, so that they all fall in one (no timing is asserted). */
async function atWindowStart(): Promise<void> {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < 600) await new Promise((resolve) => setTimeout(resolve, left + 5));
}

it('refuses the request over the limit of a project, whoever sends it, and not another project', async () => {
  await atWindowStart();
  const statuses = [];
  for (const as of ['serviceAccount', 'owner', 'serviceAccount'] as const) {
    statuses.push((await call(s, `${V2}/groups/${IDS.groupA}/clusters`, { as })).status);
  }
  const over = await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'serviceAccount' });
  const other = await call(s, `${V2}/groups/${IDS.groupB}`, { as: 'serviceAccount' });
  expect(statuses).toEqual([200, 200, 200]);
  expect(over.status).toBe(429);
  expect(over.json.errorCode).toBe('RATE_LIMITED');
  expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(other.status).toBe(200);
});
