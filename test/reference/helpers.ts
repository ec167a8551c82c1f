// Test helpers for the reference target's own tests: start it with generated secrets, and a tiny
// Digest client (RFC 7616, MD5 or SHA-256) so the tests depend on nothing but reference/ and undici.
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';
import { startReferenceTarget, type ReferenceOptions, type ReferenceTarget } from '../../reference/server.ts';

export const IDS = {
  org: '650000000000000000000001',
  groupA: '6500000000000000000a0001',
  groupB: '6500000000000000000b0001',
  groupEmpty: '6500000000000000000e0001',
  missingGroup: '6500000000000000000f0f0f',
} as const;

export const PUBLIC_KEYS = {
  owner: 'ownerpk1',
  owner2: 'ownerpk2',
  readOnly: 'readonl1',
  outsider: 'outsidr1',
} as const;
export type KeyName = keyof typeof PUBLIC_KEYS;

export const SECRETS = {
  owner: { privateKey: 'owner-private-key' },
  owner2: { privateKey: 'owner2-private-key' },
  readOnly: { privateKey: 'read-only-private-key' },
  outsider: { privateKey: 'outsider-private-key' },
  serviceAccount: { token: 'service-account-token' },
};

export const V2 = '/api/platform/v2';
export const V1 = '/api/platform/v1.0';
export const ACCEPT = 'application/vnd.platform.2023-02-01+json';

export interface Started {
  target: ReferenceTarget;
  agent: Agent;
  close(): Promise<void>;
}

export async function start(options: Partial<ReferenceOptions> = {}): Promise<Started> {
  const target = await startReferenceTarget({ secrets: SECRETS, ...options });
  const agent = new Agent({ connect: { ca: target.caPem } });
  return {
    target,
    agent,
    close: async () => {
      await agent.close();
      await target.close();
    },
  };
}

export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

export interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A principal name: Digest for API keys, Bearer for the service account; none sends no credentials. */
  as?: KeyName | 'serviceAccount';
  algorithm?: 'MD5' | 'SHA-256';
  dispatcher?: Agent;
}

/** One request, answering the Digest challenge when `as` names an API key. */
export async function call(s: Started, path: string, c: Call = {}): Promise<Exchange> {
  const method = c.method ?? 'GET';
  const headers: Record<string, string> = { accept: ACCEPT, ...c.headers };
  if (c.body !== undefined) headers['content-type'] ??= 'application/json';
  const body = c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  const send = (extra: Record<string, string> = {}) =>
    request(s.target.url + path, {
      method: method as 'GET',
      headers: { ...headers, ...extra },
      body,
      dispatcher: c.dispatcher ?? s.agent,
    });
  let res = await send(c.as === 'serviceAccount' ? { authorization: `Bearer ${SECRETS.serviceAccount.token}` } : {});
  if (res.statusCode === 401 && c.as && c.as !== 'serviceAccount') {
    await res.body.text();
    const challenge = pickChallenge(res.headers['www-authenticate'], c.algorithm ?? 'MD5');
    res = await send({
      authorization: digestAuthorization(challenge, method, path, PUBLIC_KEYS[c.as], SECRETS[c.as].privateKey, 1),
    });
  }
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

export function challenges(header: string | string[] | undefined): Record<string, string>[] {
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((h) => {
    const params: Record<string, string> = {};
    for (const m of h.replace(/^Digest\s+/i, '').matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g))
      params[m[1]!] = m[2] ?? m[3]!;
    return params;
  });
}

export function pickChallenge(header: string | string[] | undefined, algorithm: string): Record<string, string> {
  const found = challenges(header).find((c) => c.algorithm === algorithm);
  if (!found) throw new Error(`no ${algorithm} challenge in ${String(header)}`);
  return found;
}

export function digestAuthorization(
  ch: Record<string, string>,
  method: string,
  uri: string,
  user: string,
  password: string,
  nc: number,
  cnonce = randomBytes(8).toString('hex'),
): string {
  const hashName = ch.algorithm === 'SHA-256' ? 'sha256' : 'md5';
  const h = (t: string) => createHash(hashName).update(t).digest('hex');
  const ncText = nc.toString(16).padStart(8, '0');
  const response = h(
    `${h(`${user}:${ch.realm}:${password}`)}:${ch.nonce}:${ncText}:${cnonce}:auth:${h(`${method}:${uri}`)}`,
  );
  return `Digest username="${user}", realm="${ch.realm}", nonce="${ch.nonce}", uri="${uri}", algorithm=${ch.algorithm}, qop=auth, nc=${ncText}, cnonce="${cnonce}", response="${response}"`;
}
