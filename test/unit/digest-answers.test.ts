// Hand-made Digest answers: the correct one verifies with the reference target's independent verifier, and each
// wrong one is wrong in the one respect it names.
import { describe, expect, it } from 'vitest';
import { digestResponseMatches, parseDigestParams } from '../../reference/auth/digest.ts';
import type { DigestChallenge } from '../../src/http/digest.ts';
import { digestAnswer, tamperResponse, wrongDigestAnswer } from '../../src/http/digest-answers.ts';

const key = { publicKey: 'abcdefgh', privateKey: 'the-private-key' };
const request = { method: 'GET', uri: '/api/platform/v2/groups?pageNum=1', realm: 'platform Public API' };

function challenge(algorithm: string): DigestChallenge {
  return {
    realm: request.realm,
    nonce: '0123456789abcdef0123456789abcdef',
    algorithm,
    qop: 'auth',
    stale: false,
    userhash: false,
  };
}

const params = (header: string) => parseDigestParams(header.replace(/^Digest\s+/, ''));

describe.each(['MD5', 'SHA-256'])('Digest answers (%s)', (algorithm) => {
  const ch = challenge(algorithm);

  it('answers correctly', () => {
    expect(
      digestResponseMatches(params(digestAnswer(ch, key, request.method, request.uri)), request, key.privateKey),
    ).toBe(true);
  });

  it('with a wrong private key: same user name, answer does not verify', () => {
    const p = params(wrongDigestAnswer('wrong-private-key', ch, key, request.method, request.uri));
    expect(p.username).toBe(key.publicKey);
    expect(digestResponseMatches(p, request, key.privateKey)).toBe(false);
  });

  it('with an unknown public key: another user name', () => {
    const p = params(wrongDigestAnswer('unknown-public-key', ch, key, request.method, request.uri));
    expect(p.username).not.toBe(key.publicKey);
    expect(digestResponseMatches({ ...p, username: key.publicKey }, request, key.privateKey)).toBe(false);
  });

  it('tampered: does not verify', () => {
    const p = params(wrongDigestAnswer('tampered-response', ch, key, request.method, request.uri));
    expect(digestResponseMatches(p, request, key.privateKey)).toBe(false);
  });

  it("on an invented nonce: a correct answer, on a nonce other than the challenge's", () => {
    const p = params(wrongDigestAnswer('stale-nonce', ch, key, request.method, request.uri));
    expect(p.nonce).not.toBe(ch.nonce);
    expect(p.nonce).toHaveLength(ch.nonce.length);
    expect(digestResponseMatches(p, request, key.privateKey)).toBe(true);
  });
});

describe('tamperResponse', () => {
  it('changes only the response directive', () => {
    const header = digestAnswer(challenge('SHA-256'), key, request.method, request.uri);
    const tampered = tamperResponse(header);
    const [a, b] = [params(header), params(tampered)];
    expect(b.response).not.toBe(a.response);
    expect({ ...b, response: a.response }).toEqual(a);
  });
});
