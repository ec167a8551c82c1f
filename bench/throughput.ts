// Reference throughput on loopback (autocannon, keep-alive, Digest per request with one nonce and a counting nc)
// and rate-limit exactness under load (300 concurrent requests to one project right after a window turn).
import autocannon from 'autocannon';
import { request } from 'undici';
import { setTimeout as sleep } from 'node:timers/promises';
import { agentFor, DigestSession, referenceProfile, send, startTarget } from './common.ts';

const PROJECT = '6500000000000000000a0001';
const accept = (vendor: string) => ({ accept: `application/vnd.${vendor}.2023-02-01+json` });

export interface ThroughputResult {
  path: string;
  reqPerSec: number;
  total: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
}

/** GETs of one path for `seconds`; each request gets its own Authorization (same nonce, nc + 1) in setupRequest. */
export async function throughput(seconds = 5, connections = 10): Promise<ThroughputResult[]> {
  const profile = referenceProfile();
  const { target, secrets } = await startTarget(profile, { limit: 1e9, windowMs: 60_000 });
  const owner = secrets.owner!;
  const v2 = `/api/${profile.vendor}/v2`;
  const out: ThroughputResult[] = [];
  try {
    for (const path of [`${v2}/groups/${PROJECT}`, `${v2}/groups/${PROJECT}/clusters`]) {
      const session = new DigestSession(owner.publicKey!, owner.privateKey!);
      const agent = agentFor(target.caPem, 1);
      const status = await send(agent, target.url, session, 'GET', path, undefined, accept(profile.vendor)); // learns the challenge
      await agent.close();
      if (status !== 200) throw new Error(`GET ${path}: ${status}`);
      const r = await autocannon({
        url: target.url,
        connections,
        duration: seconds,
        // autocannon connects with rejectUnauthorized:false whatever tlsOptions say: the CA is not verified here.
        requests: [
          {
            method: 'GET',
            path,
            setupRequest: (req: Record<string, any>) => ({
              ...req,
              headers: {
                ...(req.headers ?? {}),
                ...accept(profile.vendor),
                authorization: session.header('GET', path),
              },
            }),
          },
        ],
      });
      out.push({
        path,
        reqPerSec: r.requests.average,
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors,
        p50: r.latency.p50,
        p99: r.latency.p99,
      });
    }
  } finally {
    await target.close();
  }
  return out;
}

export interface BurstResult {
  sent: number;
  limit: number;
  statuses: Record<string, number>;
  oneWindow: boolean;
}

/** 300 concurrent GETs of one project, started just after a turn of the target's (clock-aligned) window. */
export async function burst(n = 300, limit = 100, windowMs = 10_000): Promise<BurstResult> {
  const profile = referenceProfile();
  const { target, secrets } = await startTarget(profile, { limit, windowMs });
  const owner = secrets.owner!;
  const v2 = `/api/${profile.vendor}/v2`;
  const agent = agentFor(target.caPem, n);
  const session = new DigestSession(owner.publicKey!, owner.privateKey!);
  try {
    // Challenge and n warm connections, outside any project's budget (GET /groups is not project-scoped).
    await send(agent, target.url, session, 'GET', `${v2}/groups`, undefined, accept(profile.vendor));
    await Promise.all(
      Array.from({ length: n }, () =>
        send(agent, target.url, session, 'GET', `${v2}/groups`, undefined, accept(profile.vendor)),
      ),
    );
    await sleep(windowMs - (Date.now() % windowMs) + 20);
    const window = Math.floor(Date.now() / windowMs);
    const path = `${v2}/groups/${PROJECT}`;
    const statuses: Record<string, number> = {};
    const results = await Promise.all(
      Array.from({ length: n }, async () => {
        const res = await request(target.url + path, {
          method: 'GET',
          dispatcher: agent,
          headers: { ...accept(profile.vendor), authorization: session.header('GET', path)! },
        });
        await res.body.arrayBuffer();
        return res.statusCode;
      }),
    );
    for (const s of results) statuses[s] = (statuses[s] ?? 0) + 1;
    return { sent: n, limit, statuses, oneWindow: Math.floor(Date.now() / windowMs) === window };
  } finally {
    await agent.close();
    await target.close();
  }
}
