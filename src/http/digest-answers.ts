// Digest answers made by hand (spec 5, RFC 7616): the correct answer to a given challenge, and answers that are
// wrong in exactly one way, to see the target refuse each. What they invent (a key, a nonce) is random, never a
// secret of the profile; the correct answer carries only hashes of the private key.
import { randomBytes, randomUUID } from 'node:crypto';
import { authorizationHeader, type DigestChallenge } from './digest.ts';

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

export type WrongAnswer = 'wrong-private-key' | 'unknown-public-key' | 'tampered-response' | 'stale-nonce';

/** The Authorization header answering `challenge` for `method` and `uri` (path and query, as sent). */
export function digestAnswer(challenge: DigestChallenge, key: KeyPair, method: string, uri: string, nc = 1): string {
  return authorizationHeader({ challenge, method, uri, username: key.publicKey, password: key.privateKey, nc });
}

/** An answer that differs from the correct one in one respect only. */
export function wrongDigestAnswer(
  kind: WrongAnswer,
  challenge: DigestChallenge,
  key: KeyPair,
  method: string,
  uri: string,
): string {
  switch (kind) {
    case 'wrong-private-key':
      return digestAnswer(challenge, { ...key, privateKey: randomUUID() }, method, uri);
    case 'unknown-public-key':
      return digestAnswer(challenge, { ...key, publicKey: randomBytes(4).toString('hex') }, method, uri);
    case 'tampered-response':
      return tamperResponse(digestAnswer(challenge, key, method, uri));
    case 'stale-nonce':
      // A nonce the target never issued looks, to the target, like one that has expired.
      return digestAnswer({ ...challenge, nonce: inventedNonce(challenge.nonce.length) }, key, method, uri);
  }
}

/** Changes the last digit of the response directive. */
export function tamperResponse(header: string): string {
  return header.replace(
    /response="([0-9a-f]*)([0-9a-f])"/i,
    (_m, head: string, last: string) => `response="${head}${last === '0' ? '1' : '0'}"`,
  );
}

function inventedNonce(length: number): string {
  return randomBytes(Math.ceil(Math.max(length, 16) / 2))
    .toString('hex')
    .slice(0, Math.max(length, 16));
}
