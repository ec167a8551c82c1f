// ERR-RESOURCE-NOT-FOUND's judgement of a 404 body: the spec's code names the path; another code may name the
// missing identifier instead, and is judged on its status alone when the check knows no identifier.
import { describe, expect, it } from 'vitest';
import { checkResourceNotFound } from '../../src/judges/error-body.ts';
import { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure } from '../../src/outcome.ts';

const path = '/api/platform/v2/groups/p1/alerts/f1f1aa';

function notFound(body: Record<string, unknown>): HttpResponse {
  const exchange = {
    request: { method: 'GET', url: `https://api.example.test${path}`, headers: {} },
    startedAt: '',
    durationMs: 0,
  };
  return new HttpResponse(404, {}, Buffer.from(JSON.stringify({ error: 404, reason: 'Not Found', ...body })), exchange);
}

describe('not-found error bodies', () => {
  it('accepts RESOURCE_NOT_FOUND naming the path, and another code naming the missing identifier', () => {
    expect(() =>
      checkResourceNotFound(
        notFound({ errorCode: 'RESOURCE_NOT_FOUND', parameters: [path], detail: `Cannot find resource ${path}.` }),
        path,
        'f1f1aa',
      ),
    ).not.toThrow();
    expect(() =>
      checkResourceNotFound(
        notFound({ errorCode: 'ALERT_NOT_FOUND', parameters: ['f1f1aa'], detail: 'No alert with ID f1f1aa exists.' }),
        path,
        'f1f1aa',
      ),
    ).not.toThrow();
    expect(() =>
      checkResourceNotFound(notFound({ errorCode: 'ALERT_NOT_FOUND', parameters: [], detail: 'x' }), path),
    ).not.toThrow();
  });

  it.each([
    [
      'RESOURCE_NOT_FOUND naming only the identifier',
      { errorCode: 'RESOURCE_NOT_FOUND', parameters: ['f1f1aa'], detail: 'Cannot find f1f1aa.' },
      /parameters do not hold/,
    ],
    [
      'RESOURCE_NOT_FOUND without the path in detail',
      { errorCode: 'RESOURCE_NOT_FOUND', parameters: [path], detail: 'Cannot find resource.' },
      /detail does not name/,
    ],
    [
      'another code with empty parameters',
      { errorCode: 'ALERT_NOT_FOUND', parameters: [], detail: 'No alert with ID f1f1aa exists.' },
      /ALERT_NOT_FOUND parameters/,
    ],
    [
      'another code whose detail names nothing',
      { errorCode: 'ALERT_NOT_FOUND', parameters: ['f1f1aa'], detail: 'Not found.' },
      /ALERT_NOT_FOUND detail/,
    ],
  ])('fails %s', (_, body, message) => {
    const judge = () => checkResourceNotFound(notFound(body), path, 'f1f1aa');
    expect(judge).toThrow(RuleFailure);
    expect(judge).toThrow(message);
  });
});
