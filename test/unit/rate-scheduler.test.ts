// The rate scheduler keeps a burst under the target's limit: no 429, and every window's share within the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceTarget, type ReferenceTarget } from '../../reference/server.ts';
import { HttpClient } from '../../src/http/client.ts';
import { Redactor } from '../../src/http/exchange.ts';
import { projectMatcher, RateScheduler } from '../../src/http/rate-scheduler.ts';

const secrets = { owner: { publicKey: 'ownerpk1', privateKey: 'scheduler-test-key' } };
// Each test spends the budget of its own project: the scheduler knows only the requests it paces.
const projects = { unpaced: '6500000000000000000a0001', paced: '6500000000000000000b0001' };
const limit = 5;
const windowMs = 1000;

let target: ReferenceTarget;
beforeAll(async () => {
  target = await startReferenceTarget({ secrets, rateLimit: { limit, windowMs } });
});
afterAll(async () => {
  await target.close();
});

function client(scheduler?: RateScheduler): HttpClient {
  return new HttpClient({
    baseUrl: target.url, ca: target.caPem, requestTimeoutMs: 5000, connectTimeoutMs: 2000, maxBodyBytes: 1 << 20, connections: 4,
    credentials: { owner: { name: 'owner', ...secrets.owner, env: {} } }, redactor: new Redactor(), scheduler,
  });
}

async function burst(c: HttpClient, project: string, n: number): Promise<number[]> {
  const path = `/api/platform/v2/groups/${project}`;
  const res = await Promise.all(Array.from({ length: n }, () =>
    c.send({ method: 'GET', path, as: 'owner', headers: { accept: 'application/vnd.platform.2023-02-01+json' } })));
  await c.close();
  return res.map((r) => r.status);
}

describe('rate scheduler', () => {
  it('matches project-scoped paths of both generations only', () => {
    const of = projectMatcher('platform', '/groups/{groupId}');
    expect(of(new URL('https://h/api/platform/v2/groups/abc/clusters?x=1'))).toBe('abc');
    expect(of(new URL('https://h/api/platform/v1.0/groups/abc'))).toBe('abc');
    expect(of(new URL('https://h/api/platform/v2/groups'))).toBeUndefined();
    expect(of(new URL('https://h/api/platform/v2/groupsX/abc'))).toBeUndefined();
  });

  it('without it a burst over the limit draws 429s (the test can fail)', async () => {
    expect((await burst(client(), projects.unpaced, limit * 3)).filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('spreads a burst of twice the limit over windows without a 429', async () => {
    const scheduler = new RateScheduler({ limit, windowMs, projectOf: projectMatcher('platform', '/groups/{groupId}') });
    const statuses = await burst(client(scheduler), projects.paced, limit * 2);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const usage = scheduler.report()[projects.paced]!;
    expect(usage.requests).toBe(limit * 2 + 1); // and one digest handshake
    expect(usage.windows).toBeGreaterThanOrEqual(2);
  });
});
