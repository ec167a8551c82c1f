// Judgements of the security rules on responses made up for the purpose.
import { describe, expect, it } from 'vitest';
import { expectDigestChallenge } from '../../src/judges/digest-challenge.ts';
import { expectNotServedInClear } from '../../src/judges/plain-http.ts';
import { expectRefused } from '../../src/judges/refusal.ts';
import { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';

function response(status: number, body: string, headers: Record<string, string | string[]> = {}): HttpResponse {
  const exchange = {
    request: { method: 'GET', url: 'http://target/api', headers: {} },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
  return new HttpResponse(status, headers, Buffer.from(body), exchange);
}

describe('plain HTTP (SVC-HTTPS-ONLY)', () => {
  it('lets a redirect to HTTPS and a page of its own pass', () => {
    expect(() => expectNotServedInClear(response(301, '', { location: 'https://target/api' }))).not.toThrow();
    expect(() =>
      expectNotServedInClear(response(400, '<html>use https</html>', { 'content-type': 'text/html' })),
    ).not.toThrow();
  });

  it('fails JSON in the clear, error or entity, and a redirect to plain HTTP', () => {
    expect(() => expectNotServedInClear(response(401, '{"error":401}'))).toThrow(RuleFailure);
    expect(() => expectNotServedInClear(response(200, '[]', { 'content-type': 'application/json' }))).toThrow(
      RuleFailure,
    );
    expect(() => expectNotServedInClear(response(302, '', { location: 'http://elsewhere/api' }))).toThrow(RuleFailure);
  });
});

describe('refusals', () => {
  it('a client error is a refusal, a success breaks the rule, a 5xx leaves it unjudged', () => {
    expect(() => expectRefused(response(403, '{}'), 'x')).not.toThrow();
    expect(() => expectRefused(response(204, ''), 'x')).toThrow(RuleFailure);
    expect(() => expectRefused(response(503, '{}'), 'x')).toThrow(TargetError);
  });
});

describe('Digest challenge of a 401', () => {
  it('picks the strongest challenge offered, and fails when none can be answered', () => {
    const offered = [
      'Digest realm="r", nonce="n1", algorithm=MD5, qop="auth"',
      'Digest realm="r", nonce="n2", algorithm=SHA-256, qop="auth"',
    ];
    expect(expectDigestChallenge(response(401, '{}', { 'www-authenticate': offered }), 'x').algorithm).toBe('SHA-256');
    expect(() => expectDigestChallenge(response(401, '{}'), 'x')).toThrow(RuleFailure);
    expect(() => expectDigestChallenge(response(401, '{}', { 'www-authenticate': 'Basic realm="r"' }), 'x')).toThrow(
      RuleFailure,
    );
  });
});
