// The reference target's authentication (spec 5): Digest MD5 and SHA-256, nonce reuse, Bearer, access lists.
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCEPT,
  IDS,
  PUBLIC_KEYS,
  SECRETS,
  V2,
  call,
  challenges,
  digestAuthorization,
  pickChallenge,
  start,
  type Started,
} from './helpers.ts';

let s: Started;
beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  await s.close();
});

const get = (path: string, authorization?: string, dispatcher?: Agent) =>
  request(s.target.url + path, {
    headers: { accept: ACCEPT, ...(authorization && { authorization }) },
    dispatcher: dispatcher ?? s.agent,
  });

async function challenge() {
  const res = await get(V2);
  await res.body.text();
  return res.headers['www-authenticate'];
}

describe('Digest', () => {
  it('challenges with SHA-256 first, then MD5, in the real service format', async () => {
    const res = await get(V2);
    const body = await res.body.json();
    expect(res.statusCode).toBe(401);
    expect(body).toEqual({
      detail: 'You are not authorized for this resource.',
      error: 401,
      errorCode: 'UNEXPECTED_ERROR',
      parameters: [],
      reason: 'Unauthorized',
    });
    const header = res.headers['www-authenticate'] as string[];
    expect(header).toHaveLength(2);
    expect(header[1]).toMatch(
      /^Digest realm="platform Public API", domain="", nonce="[0-9a-f]{32}", algorithm=MD5, qop="auth", stale=false$/,
    );
    expect(challenges(header).map((c) => c.algorithm)).toEqual(['SHA-256', 'MD5']);
  });

  it.each(['MD5', 'SHA-256'] as const)('accepts a correct %s answer', async (algorithm) => {
    const r = await call(s, V2, { as: 'owner', algorithm });
    expect(r.status).toBe(200);
    expect(r.json.apiKey.publicKey).toBe(PUBLIC_KEYS.owner);
  });

  it('reuses a nonce with a new nonce count, and refuses a replayed one', async () => {
    const ch = pickChallenge(await challenge(), 'MD5');
    const answer = (nc: number, cnonce: string) =>
      digestAuthorization(ch, 'GET', V2, PUBLIC_KEYS.owner, SECRETS.owner.privateKey, nc, cnonce);
    const first = answer(1, 'aaaa');
    expect((await get(V2, first)).statusCode).toBe(200);
    expect((await get(V2, answer(2, 'bbbb'))).statusCode).toBe(200);
    const replay = await get(V2, first);
    expect(replay.statusCode).toBe(401);
    expect(challenges(replay.headers['www-authenticate'])[0]?.stale).toBe('false');
  });

  it('answers a correct answer on a nonce it does not know (expired) with stale=true', async () => {
    const ch = { ...pickChallenge(await challenge(), 'SHA-256'), nonce: '0'.repeat(32) };
    const res = await get(V2, digestAuthorization(ch, 'GET', V2, PUBLIC_KEYS.owner, SECRETS.owner.privateKey, 1));
    expect(res.statusCode).toBe(401);
    expect(challenges(res.headers['www-authenticate']).map((c) => c.stale)).toEqual(['true', 'true']);
  });

  it('refuses a wrong password and Basic authentication', async () => {
    const ch = pickChallenge(await challenge(), 'MD5');
    expect((await get(V2, digestAuthorization(ch, 'GET', V2, PUBLIC_KEYS.owner, 'wrong', 1))).statusCode).toBe(401);
    const basic = `Basic ${Buffer.from(`${PUBLIC_KEYS.owner}:${SECRETS.owner.privateKey}`).toString('base64')}`;
    expect((await get(V2, basic)).statusCode).toBe(401);
  });
});

describe('Bearer', () => {
  it('accepts the service account token and refuses another', async () => {
    expect((await call(s, `${V2}/groups`, { as: 'serviceAccount' })).status).toBe(200);
    expect((await get(`${V2}/groups`, 'Bearer not-the-token')).statusCode).toBe(401);
  });
});

describe('API access list', () => {
  it('checks the socket peer address of each principal', async () => {
    const outside = await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'owner2' });
    expect(outside.status).toBe(403);
    expect(outside.json.errorCode).toBe('IP_ADDRESS_NOT_ON_ACCESS_LIST');
    const from2 = new Agent({ localAddress: '127.0.0.2', connect: { ca: s.target.caPem } });
    try {
      expect((await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'owner2', dispatcher: from2 })).status).toBe(200);
      expect((await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'owner', dispatcher: from2 })).status).toBe(403);
      const forged = await call(s, `${V2}/groups/${IDS.groupA}`, {
        as: 'owner2',
        headers: { 'x-forwarded-for': '127.0.0.2' },
      });
      expect(forged.status).toBe(403);
    } finally {
      await from2.close();
    }
  });
});
