// RFC 7616 §3.9.1 test vectors for the digest client, and challenge parsing.
import { describe, expect, it } from 'vitest';
import { authorizationHeader, chooseChallenge, digestResponse, parseDigestChallenges } from '../../src/http/digest.ts';

const rfc = {
  realm: 'http-auth@example.org',
  nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
  opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
};

describe('digest response (RFC 7616 §3.9.1)', () => {
  for (const [algorithm, expected] of [
    ['MD5', '8ca523f5e9506fed4657c9700eebdbec'],
    ['SHA-256', '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1'],
  ] as const) {
    it(`matches the ${algorithm} vector`, () => {
      const challenge = {
        realm: rfc.realm,
        nonce: rfc.nonce,
        opaque: rfc.opaque,
        algorithm,
        qop: 'auth',
        stale: false,
        userhash: false,
      };
      const out = digestResponse({
        challenge,
        method: 'GET',
        uri: '/dir/index.html',
        username: 'Mufasa',
        password: 'Circle of Life',
        nc: 1,
        cnonce: rfc.cnonce,
      });
      expect(out.response).toBe(expected);
      expect(out.nc).toBe('00000001');
    });
  }

  it('counts nc in hex and quotes the header fields', () => {
    const challenge = { realm: 'r', nonce: 'n', algorithm: 'MD5', qop: 'auth', stale: false, userhash: false };
    const header = authorizationHeader({
      challenge,
      method: 'GET',
      uri: '/x?a=1',
      username: 'u',
      password: 'p',
      nc: 26,
      cnonce: 'c',
    });
    expect(header).toMatch(
      /^Digest username="u", realm="r", uri="\/x\?a=1", algorithm=MD5, nonce="n", nc=0000001a, cnonce="c", qop=auth, response="[0-9a-f]{32}"$/,
    );
  });
});

describe('challenge parsing', () => {
  it('reads the real service challenge', () => {
    const [c] = parseDigestChallenges(
      'Digest realm="MMS Public API", domain="", nonce="abc+/=", algorithm=MD5, qop="auth", stale=false',
    );
    expect(c).toEqual({
      realm: 'MMS Public API',
      nonce: 'abc+/=',
      opaque: undefined,
      algorithm: 'MD5',
      qop: 'auth',
      stale: false,
      userhash: false,
    });
  });

  it('splits several challenges and prefers SHA-256', () => {
    const cs = parseDigestChallenges([
      'Digest realm="a", nonce="1", algorithm=MD5, qop="auth", Basic realm="b"',
      'Digest realm="a", nonce="2", algorithm=SHA-256, qop="auth", stale=true',
    ]);
    expect(cs.map((c) => c.nonce)).toEqual(['1', '2']);
    expect(chooseChallenge(cs)?.algorithm).toBe('SHA-256');
    expect(cs[1]!.stale).toBe(true);
  });

  it('ignores challenges it cannot answer', () => {
    expect(
      chooseChallenge(parseDigestChallenges('Digest realm="a", nonce="1", algorithm=SHA-999, qop="auth-int"')),
    ).toBeUndefined();
    expect(parseDigestChallenges('Bearer realm="x"')).toEqual([]);
  });
});
