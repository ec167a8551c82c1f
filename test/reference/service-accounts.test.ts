// Service-account sign-in of the reference target (real-service facts 9): client credentials at
// /api/oauth/token, revocation at /api/oauth/revoke, expiry, and the access list applied to issued tokens.
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT, IDS, SECRETS, V2, start, type Started } from './helpers.ts';

const CLIENTS = {
  owner: { clientId: 'mdb_sa_id_owner', clientSecret: 'mdb_sa_sk_owner-secret' },
  outsider: { clientId: 'mdb_sa_id_outsider', clientSecret: 'mdb_sa_sk_outsider-secret' },
  owner2: { clientId: 'mdb_sa_id_owner2', clientSecret: 'mdb_sa_sk_owner2-secret' },
};
let now = Date.parse('2026-01-01T00:00:00Z');
let s: Started;
beforeAll(async () => {
  const secrets = Object.fromEntries(
    Object.entries(SECRETS).map(([name, secret]) => [name, { ...secret, ...CLIENTS[name as keyof typeof CLIENTS] }]),
  );
  s = await start({ secrets, tokenTtlSeconds: 60, clock: () => now });
});
afterAll(async () => {
  await s.close();
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function post(path: string, authorization: string, form: string) {
  const res = await request(s.target.url + path, {
    method: 'POST',
    dispatcher: s.agent,
    body: form,
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

const signIn = (client = CLIENTS.owner) =>
  post('/api/oauth/token', basic(client.clientId, client.clientSecret), 'grant_type=client_credentials');

async function getWith(token: unknown, path = `${V2}/groups/${IDS.groupA}`, dispatcher?: Agent) {
  const res = await request(s.target.url + path, {
    headers: { accept: ACCEPT, authorization: `Bearer ${String(token)}` },
    dispatcher: dispatcher ?? s.agent,
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

describe('POST /api/oauth/token', () => {
  it('issues a bearer token for the client credentials, which the API accepts', async () => {
    const answer = await signIn();
    expect(answer).toEqual({
      status: 200,
      json: { access_token: expect.any(String), token_type: 'Bearer', expires_in: 60 },
    });
    const project = await getWith(answer.json.access_token);
    expect(project.status).toBe(200);
    expect(project.json.id).toBe(IDS.groupA);
  });

  it('refuses a wrong secret with invalid_client and an unknown grant with unsupported_grant_type', async () => {
    expect(
      await post('/api/oauth/token', basic(CLIENTS.owner.clientId, 'wrong'), 'grant_type=client_credentials'),
    ).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    expect(
      await post('/api/oauth/token', basic(CLIENTS.owner.clientId, CLIENTS.owner.clientSecret), 'grant_type=password'),
    ).toMatchObject({ status: 400, json: { error: 'unsupported_grant_type' } });
  });

  it('gives the token the roles of its principal: an outsider is refused the project', async () => {
    const { json } = await signIn(CLIENTS.outsider);
    expect((await getWith(json.access_token)).status).toBe(403);
  });

  it("applies the principal's API access list to its tokens", async () => {
    const { json } = await signIn(CLIENTS.owner2);
    // owner2's access list holds only 127.0.0.2; this request comes from 127.0.0.1.
    const refused = await getWith(json.access_token);
    expect(refused).toMatchObject({ status: 403, json: { errorCode: 'IP_ADDRESS_NOT_ON_ACCESS_LIST' } });
    const from2 = new Agent({ localAddress: '127.0.0.2', connect: { ca: s.target.caPem } });
    try {
      expect((await getWith(json.access_token, undefined, from2)).status).toBe(200);
    } finally {
      await from2.close();
    }
  });

  it("refuses a token after it expires with the real service's 401", async () => {
    const { json } = await signIn();
    now += 59_000;
    expect((await getWith(json.access_token)).status).toBe(200);
    now += 1_000;
    const expired = await getWith(json.access_token);
    expect(expired).toMatchObject({
      status: 401,
      json: { error: 401, errorCode: 'UNEXPECTED_ERROR', detail: 'You are not authorized for this resource.' },
    });
  });
});

describe('POST /api/oauth/revoke', () => {
  it('revokes a token: it is refused afterwards, while another token of the same client still works', async () => {
    const [first, second] = [(await signIn()).json.access_token, (await signIn()).json.access_token];
    const revoked = await post(
      '/api/oauth/revoke',
      basic(CLIENTS.owner.clientId, CLIENTS.owner.clientSecret),
      `token=${String(first)}&token_type_hint=access_token`,
    );
    expect(revoked.status).toBe(200);
    expect((await getWith(first)).status).toBe(401);
    expect((await getWith(second)).status).toBe(200);
  });

  it('does not let another client revoke the token', async () => {
    const token = (await signIn()).json.access_token;
    await post(
      '/api/oauth/revoke',
      basic(CLIENTS.outsider.clientId, CLIENTS.outsider.clientSecret),
      `token=${String(token)}`,
    );
    expect((await getWith(token)).status).toBe(200);
  });
});
