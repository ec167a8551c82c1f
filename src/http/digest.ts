// HTTP Digest access authentication, client side (RFC 7616): MD5 and SHA-256, with and without -sess, qop=auth.
import { createHash, randomBytes } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: string;
  qop?: string;
  stale: boolean;
  userhash: boolean;
}

const hashNames: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };

/** Splits one or more WWW-Authenticate values into Digest challenges (auth-params parsed per RFC 7235 §2.1). */
export function parseDigestChallenges(headerValues: string | string[] | undefined): DigestChallenge[] {
  const values = headerValues === undefined ? [] : Array.isArray(headerValues) ? headerValues : [headerValues];
  const challenges: DigestChallenge[] = [];
  for (const value of values) {
    // A scheme token followed by params; several challenges may share one header value.
    const re =
      /([A-Za-z][\w-]*)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*)|([A-Za-z][\w-]*)(?=\s+[A-Za-z][\w-]*\s*=|\s*$|\s*,)/g;
    let current: Record<string, string> | undefined;
    const flush = () => {
      if (current) {
        const c = toChallenge(current);
        if (c) challenges.push(c);
      }
    };
    for (let m = re.exec(value); m; m = re.exec(value)) {
      if (m[3] !== undefined) {
        flush();
        current = m[3].toLowerCase() === 'digest' ? {} : undefined;
      } else if (current && m[1] !== undefined) {
        const v = m[2] ?? '';
        current[m[1].toLowerCase()] = v.startsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;
      }
    }
    flush();
  }
  return challenges;
}

function toChallenge(p: Record<string, string>): DigestChallenge | undefined {
  if (p.realm === undefined || p.nonce === undefined) return undefined;
  return {
    realm: p.realm,
    nonce: p.nonce,
    opaque: p.opaque,
    algorithm: p.algorithm ?? 'MD5',
    qop: p.qop,
    stale: (p.stale ?? '').toLowerCase() === 'true',
    userhash: (p.userhash ?? '').toLowerCase() === 'true',
  };
}

function baseAlgorithm(algorithm: string): string {
  return algorithm.replace(/-sess$/i, '').toUpperCase();
}

export function isSupported(c: DigestChallenge): boolean {
  return (
    baseAlgorithm(c.algorithm) in hashNames &&
    (c.qop === undefined ||
      c.qop
        .split(',')
        .map((s) => s.trim())
        .includes('auth'))
  );
}

/** Prefers the strongest supported challenge (SHA-256 over MD5), as RFC 7616 §3.7 asks. */
export function chooseChallenge(challenges: DigestChallenge[]): DigestChallenge | undefined {
  const rank = (c: DigestChallenge) => Object.keys(hashNames).indexOf(baseAlgorithm(c.algorithm));
  return challenges.filter(isSupported).sort((a, b) => rank(b) - rank(a))[0];
}

export interface DigestInput {
  challenge: DigestChallenge;
  method: string;
  uri: string;
  username: string;
  password: string;
  nc: number;
  cnonce?: string;
}

export function digestResponse(i: DigestInput): { response: string; cnonce: string; nc: string } {
  const h = (s: string) => createHash(hashNames[baseAlgorithm(i.challenge.algorithm)]!).update(s, 'utf8').digest('hex');
  const cnonce = i.cnonce ?? randomBytes(16).toString('hex');
  const nc = i.nc.toString(16).padStart(8, '0');
  let ha1 = h(`${i.username}:${i.challenge.realm}:${i.password}`);
  if (/-sess$/i.test(i.challenge.algorithm)) ha1 = h(`${ha1}:${i.challenge.nonce}:${cnonce}`);
  const ha2 = h(`${i.method}:${i.uri}`);
  const response = i.challenge.qop
    ? h(`${ha1}:${i.challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`)
    : h(`${ha1}:${i.challenge.nonce}:${ha2}`);
  return { response, cnonce, nc };
}

/** Builds the Authorization header value answering a challenge. */
export function authorizationHeader(i: DigestInput): string {
  const { response, cnonce, nc } = digestResponse(i);
  const c = i.challenge;
  const username = c.userhash
    ? createHash(hashNames[baseAlgorithm(c.algorithm)]!).update(`${i.username}:${c.realm}`).digest('hex')
    : i.username;
  const parts = [
    `username="${username}"`,
    `realm="${c.realm}"`,
    `uri="${i.uri}"`,
    `algorithm=${c.algorithm}`,
    `nonce="${c.nonce}"`,
  ];
  if (c.qop) parts.push(`nc=${nc}`, `cnonce="${cnonce}"`, 'qop=auth');
  parts.push(`response="${response}"`);
  if (c.opaque !== undefined) parts.push(`opaque="${c.opaque}"`);
  if (c.userhash) parts.push('userhash=true');
  return `Digest ${parts.join(', ')}`;
}
