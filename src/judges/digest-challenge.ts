// Spec 5: API keys authenticate with HTTP Digest, so a 401 carries a WWW-Authenticate Digest challenge (RFC 7616).
import type { HttpResponse } from '../http/messages.ts';
import { chooseChallenge, isSupported, parseDigestChallenges, type DigestChallenge } from '../http/digest.ts';
import { RuleFailure } from '../outcome.ts';
import { describeExchange } from './status.ts';

/** The Digest challenges of a response that this client can answer, in the order offered. */
export function answerableChallenges(res: HttpResponse): DigestChallenge[] {
  return parseDigestChallenges(res.headers['www-authenticate']).filter(isSupported);
}

/** AUTH-DIGEST-CHALLENGE: the 401 carries a Digest challenge a client can answer; returns the one it answers. */
export function expectDigestChallenge(res: HttpResponse, what: string): DigestChallenge {
  const challenge = chooseChallenge(answerableChallenges(res));
  if (challenge) return challenge;
  throw new RuleFailure(`${what}: ${describeExchange(res)} carries no Digest challenge a client can answer`, {
    expected: 'WWW-Authenticate: Digest realm=..., nonce=..., algorithm MD5 or SHA-256, qop auth',
    actual: res.header('www-authenticate') ?? 'no WWW-Authenticate header',
    exchange: res.exchange,
  });
}
