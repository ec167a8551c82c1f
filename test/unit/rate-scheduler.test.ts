// The rate scheduler keeps a burst under the target's limit: no 429, and every window's share within the limit.
// A reserved project is the holder's alone; a 429 the counts did not foresee leaves the window alone (or waits as
// Retry-After says), and is the target's miscount only where the scheduler knew every request; a scheduler continues
// another's counts.
import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceTarget, type ReferenceTarget } from '../../reference/server.ts';
import { HttpClient } from '../../src/http/client.ts';
import type { HttpResponse } from '../../src/http/messages.ts';
import { Redactor } from '../../src/http/redactor.ts';
import { projectMatcher, RateScheduler } from '../../src/http/rate-scheduler.ts';
import { TargetClock } from '../../src/http/target-clock.ts';

const secrets = { owner: { publicKey: 'ownerpk1', privateKey: 'scheduler-test-key' } };
// Each test spends the budget of its own project: the scheduler knows only the requests it paces.
const projects = {
  unpaced: '6500000000000000000a0001',
  paced: '6500000000000000000b0001',
  shared: '6500000000000000000e0001',
};
const limit = 5;
const windowMs = 1000;
const projectOf = projectMatcher('platform', '/groups/{groupId}');
const urlOf = (project: string) => new URL(`https://h/api/platform/v2/groups/${project}`);

let target: ReferenceTarget;
beforeAll(async () => {
  target = await startReferenceTarget({ secrets, rateLimit: { limit, windowMs } });
});
afterAll(async () => {
  await target.close();
});

function client(scheduler?: RateScheduler, pacedResends?: number): HttpClient {
  return new HttpClient({
    baseUrl: target.url,
    ca: target.caPem,
    requestTimeoutMs: 5000,
    connectTimeoutMs: 2000,
    maxBodyBytes: 1 << 20,
    connections: 4,
    credentials: { owner: { name: 'owner', ...secrets.owner, env: {} } },
    redactor: new Redactor(),
    scheduler,
    pacedResends,
  });
}

async function burst(c: HttpClient, project: string, n: number): Promise<number[]> {
  const path = `/api/platform/v2/groups/${project}`;
  const res = await Promise.all(
    Array.from({ length: n }, () =>
      c.send({ method: 'GET', path, as: 'owner', headers: { accept: 'application/vnd.platform.2023-02-01+json' } }),
    ),
  );
  await c.close();
  return res.map((r) => r.status);
}

describe('rate scheduler', () => {
  it('matches project-scoped paths of both generations only', () => {
    expect(projectOf(new URL('https://h/api/platform/v2/groups/abc/clusters?x=1'))).toBe('abc');
    expect(projectOf(new URL('https://h/api/platform/v1.0/groups/abc'))).toBe('abc');
    expect(projectOf(new URL('https://h/api/platform/v2/groups'))).toBeUndefined();
    expect(projectOf(new URL('https://h/api/platform/v2/groupsX/abc'))).toBeUndefined();
  });

  it('without it a burst over the limit draws 429s (the test can fail)', async () => {
    expect((await burst(client(), projects.unpaced, limit * 3)).filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('spreads a burst of twice the limit over windows without a 429', async () => {
    const scheduler = new RateScheduler({ limit, windowMs, projectOf });
    const statuses = await burst(client(scheduler), projects.paced, limit * 2);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const usage = scheduler.report();
    expect(usage.projects[projects.paced]!.requests).toBe(limit * 2 + 1); // and one digest handshake
    expect(usage.projects[projects.paced]!.windows).toBeGreaterThanOrEqual(2);
    expect(usage.unintended429).toBe(0);
  });

  it('sends a paced request refused with 429 once more after the turn when told to; a leased one keeps its 429', async () => {
    // Another client spends the project's window: the scheduler counted room, the target has none.
    const path = `/api/platform/v2/groups/${projects.shared}`;
    const spend = async () => {
      const other = client();
      for (let i = 0; i < limit * 4; i++) {
        const res = await other.send({
          method: 'GET',
          path,
          as: 'owner',
          headers: { accept: 'application/vnd.platform.2023-02-01+json' },
        });
        if (res.status === 429) break;
      }
      await other.close();
    };
    const scheduler = new RateScheduler({ limit: 100, windowMs, projectOf });
    const paced = client(scheduler, 1);
    const statuses: number[] = [];
    paced.onExchange((e) => statuses.push(e.response!.status));
    const get = (lease?: ReturnType<RateScheduler['tryReserve']>) =>
      paced.send({
        method: 'GET',
        path,
        as: 'owner',
        headers: { accept: 'application/vnd.platform.2023-02-01+json' },
        lease,
      });
    /** Sends into a spent window; again when the window turned between the spending and the send (then the first
     * answer is a 200, and nothing was tried). */
    const intoSpentWindow = async (send: () => Promise<HttpResponse>): Promise<HttpResponse> => {
      for (let tries = 1; ; tries++) {
        await spend();
        statuses.length = 0;
        const res = await send();
        if (statuses[0] !== 200 || tries === 5) return res;
      }
    };
    await get(); // the Digest handshake, before the budget is spent
    expect((await intoSpentWindow(() => get())).status).toBe(200);
    expect(statuses).toEqual([429, 200]);
    const lease = scheduler.tryReserve([projects.shared]);
    expect(lease).toBeDefined();
    expect((await intoSpentWindow(() => get(lease))).status).toBe(429);
    await paced.close();
  });

  it('lets the holder of a reserved project send over the budget, and holds everyone else until the release', async () => {
    const scheduler = new RateScheduler({ limit: 2, windowMs: 60_000, projectOf });
    const lease = scheduler.tryReserve(['p'])!;
    for (let i = 0; i < 3; i++)
      expect(await scheduler.acquire(urlOf('p'), lease)).toEqual({ project: 'p', paced: false });
    expect(scheduler.tryReserve(['p', 'q'])).toBeUndefined();
    const other = new RateScheduler({ limit: 100, windowMs: 60_000, projectOf });
    const held = other.tryReserve(['p'])!;
    let sent = false;
    const waiting = other.acquire(urlOf('p')).then(() => (sent = true));
    await tick();
    expect(sent).toBe(false);
    held.release();
    await waiting;
    expect(sent).toBe(true);
  });

  it('counts a 429 that the counts did not foresee against every project, and as unintended', () => {
    const scheduler = new RateScheduler({ limit, windowMs: 60_000, projectOf });
    const now = Date.now();
    const date = new Date(now).toUTCString();
    scheduler.observe(undefined, { date, sentAt: now, receivedAt: now, status: 200 });
    const window = scheduler.windowOf(scheduler.clock.arrival(now)[0]);
    scheduler.observe({ project: 'p', paced: true }, { date, sentAt: now, receivedAt: now, status: 429 });
    expect(scheduler.spent('q', window)).toBe(limit);
    // The window began before the scheduler saw every request: its counts may miss some, so the 429 is the suite's.
    expect([scheduler.report().unintended429, scheduler.report().miscounted429]).toEqual([1, 0]);
  });

  it('puts a 429 in a window it knew from the start, within its counts, down to the target', async () => {
    const seen = new RateScheduler({ limit, windowMs: 200, projectOf });
    // A later window than the one the scheduler started in, by the target's clock (its Date headers).
    const date = () => new Date(Date.now()).toUTCString();
    seen.observe(undefined, { date: date(), sentAt: Date.now(), receivedAt: Date.now(), status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ticket = await seen.acquire(urlOf('p'));
    seen.observe(ticket, { date: date(), sentAt: Date.now(), receivedAt: Date.now(), status: 429 });
    expect([seen.report().unintended429, seen.report().miscounted429]).toEqual([0, 1]);
  });

  it('holds every project for as long as a Retry-After asks, instead of the rest of the window', async () => {
    const scheduler = new RateScheduler({ limit, windowMs: 60_000, projectOf });
    const now = Date.now();
    const date = new Date(now).toUTCString();
    scheduler.observe(undefined, { date, sentAt: now, receivedAt: now, status: 200 });
    const window = scheduler.windowOf(scheduler.clock.arrival(now)[0]);
    scheduler.observe(
      { project: 'p', paced: true },
      { date, retryAfter: '1', sentAt: now, receivedAt: now, status: 429 },
    );
    expect(scheduler.spent('q', window)).toBeLessThan(limit);
    let sent = false;
    const waiting = scheduler.acquire(urlOf('q')).then(() => (sent = true));
    await tick();
    expect(sent).toBe(false);
    await waiting;
    expect(sent).toBe(true);
  });

  it('continues another scheduler: its counts hold back requests; without them the windows so far count as spent', async () => {
    const first = new RateScheduler({ limit, windowMs: 60_000, projectOf });
    for (let i = 0; i < limit; i++) await first.acquire(urlOf('p'));
    const schedulerFrom = (o: ConstructorParameters<typeof RateScheduler>[0]) => {
      const s = new RateScheduler(o);
      let sent = false;
      void s.acquire(urlOf('p')).then(() => {
        sent = true;
      });
      return () => sent;
    };
    const continued = schedulerFrom({
      limit,
      windowMs: 60_000,
      projectOf,
      from: JSON.parse(JSON.stringify(first.state())),
    });
    const blind = schedulerFrom({ limit, windowMs: 60_000, projectOf, pastSpent: true });
    const fresh = schedulerFrom({ limit, windowMs: 60_000, projectOf });
    await tick();
    expect([continued(), blind(), fresh()]).toEqual([false, false, true]);
    expect(new RateScheduler({ limit, windowMs: 60_000, projectOf, from: first.state() }).report().requests).toBe(
      limit,
    );
  });
});

describe('target clock', () => {
  it('narrows the offset with each Date header and places a request between its bounds', () => {
    const clock = new TargetClock();
    // The target runs 10 s ahead; answers arrive 4 ms after they were dated.
    const answer = (sentAt: number) => clock.observe(new Date(sentAt + 10_000).toUTCString(), sentAt, sentAt + 4);
    answer(Date.UTC(2025, 0, 1, 0, 0, 0, 990));
    answer(Date.UTC(2025, 0, 1, 0, 0, 1, 2));
    const { low, high } = clock.bounds();
    expect(low).toBeLessThanOrEqual(10_000);
    expect(high).toBeGreaterThanOrEqual(10_000);
    expect(high - low).toBeLessThan(1000);
    const [earliest, latest] = clock.landed(5000, 5004);
    expect([earliest <= 15_000, latest >= 15_004]).toEqual([true, true]);
  });
});
