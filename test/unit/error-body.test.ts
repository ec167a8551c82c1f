// Error-body judgements of spec 7.1 on an answer whose JSON is not an object: no error body of any shape.
import { describe, expect, it } from 'vitest';
import { checkErrorBodyFields, checkErrorReason, checkErrorStatusMatches } from '../../src/judges/error-body.ts';
import { HttpResponse } from '../../src/http/messages.ts';
import { TargetError } from '../../src/outcome.ts';

function errorResponse(body: unknown): HttpResponse {
  const exchange = {
    request: { method: 'GET', url: 'https://api.example.test/missing', headers: {} },
    startedAt: '',
    durationMs: 0,
  };
  return new HttpResponse(404, {}, Buffer.from(JSON.stringify(body)), exchange);
}

const whole = { detail: 'x', error: 404, errorCode: 'RESOURCE_NOT_FOUND', parameters: [], reason: 'Not Found' };

describe('an error body of the wrong JSON type', () => {
  for (const [name, judge] of [
    ['ERR-BODY-FIELDS', checkErrorBodyFields],
    ['ERR-STATUS-MATCH', checkErrorStatusMatches],
    ['ERR-REASON-TEXT', checkErrorReason],
  ] as const) {
    it(`${name}: judges the object, and leaves an array or a string unjudged (wrong-type)`, () => {
      expect(() => judge(errorResponse(whole))).not.toThrow();
      for (const body of [[whole], 'Not Found']) {
        expect(() => judge(errorResponse(body))).toThrow(TargetError);
        expect(() => judge(errorResponse(body))).toThrow(/^wrong-type: /);
      }
    });
  }
});
