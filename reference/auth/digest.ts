// HTTP Digest, server side (RFC 7616, qop=auth), spec 5: username = public key, password = private key.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const HASH_OF_ALGORITHM: Record<string, string> = {
  MD5: 'md5',
  'MD5-SESS': 'md5',
  'SHA-256': 'sha256',
  'SHA-256-SESS': 'sha256',
};
/** Offered in this order: the stronger one first (RFC 7616 section 3.7). */
const OFFERED_ALGORITHMS = ['SHA-256', 'MD5'];

const NONCE_LIFETIME_MS = 5 * 60_000;
const MAX_NONCES = 10_000;

/** Parameters of a `Digest k=v, k="v"` header (quoted strings may hold escaped characters). */
export function parseDigestParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*,?\s*/gy;
  for (let m = re.exec(text); m !== null && m[0] !== ''; m = re.exec(text)) {
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!; // unquoted, group 3 matched
  }
  return params;
}

export type NonceState = 'fresh' | 'stale' | 'replayed';

/** Nonces this server issued; each may be reused with a nonce count not used before. */
export class NonceStore {
  private readonly nonces = new Map<string, { issuedAt: number; usedCounts: Set<number> }>();

  issue(now = Date.now()): string {
    const nonce = randomBytes(16).toString('hex');
    this.nonces.set(nonce, { issuedAt: now, usedCounts: new Set() });
    this.forgetOld(now);
    return nonce;
  }

  /** Records the use of `nc` on `nonce`; unknown or expired nonces are stale. */
  use(nonce: string, nc: number, now = Date.now()): NonceState {
    const entry = this.nonces.get(nonce);
    if (!entry || now - entry.issuedAt > NONCE_LIFETIME_MS) return 'stale';
    if (entry.usedCounts.has(nc)) return 'replayed';
    entry.usedCounts.add(nc);
    return 'fresh';
  }

  private forgetOld(now: number): void {
    for (const [nonce, entry] of this.nonces) {
      if (this.nonces.size <= MAX_NONCES && now - entry.issuedAt <= NONCE_LIFETIME_MS) break;
      this.nonces.delete(nonce);
    }
  }
}

/** The WWW-Authenticate challenges, SHA-256 before MD5, in the real service's format. */
export function digestChallenges(realm: string, nonce: string, stale: boolean): string[] {
  return OFFERED_ALGORITHMS.map(
    (algorithm) =>
      `Digest realm="${realm}", domain="", nonce="${nonce}", algorithm=${algorithm}, qop="auth", stale=${stale}`,
  );
}

export interface DigestRequest {
  method: string;
  uri: string;
  realm: string;
}

/**
 * Whether `params` answer the challenge correctly for this password (RFC 7616 section 3.4.1).
 * The nonce's freshness is checked separately, so that a correct answer on an old nonce is "stale".
 */
export function digestResponseMatches(
  params: Record<string, string>,
  request: DigestRequest,
  password: string,
): boolean {
  const algorithm = (params.algorithm ?? 'MD5').toUpperCase();
  const hashName = HASH_OF_ALGORITHM[algorithm];
  const { username, nonce, nc, cnonce, response, uri } = params;
  if (!hashName || params.realm !== request.realm || params.qop !== 'auth') return false;
  if (!username || !nonce || !nc || !cnonce || !response || uri !== request.uri) return false;
  const h = (text: string) => createHash(hashName).update(text, 'utf8').digest('hex');
  let ha1 = h(`${username}:${request.realm}:${password}`);
  if (algorithm.endsWith('-SESS')) ha1 = h(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = h(`${request.method}:${uri}`);
  const expected = h(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`);
  return safeEqual(expected, response.toLowerCase());
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const parseNonceCount = (nc: string | undefined) => (nc && /^[0-9a-fA-F]{8}$/.test(nc) ? parseInt(nc, 16) : NaN);
