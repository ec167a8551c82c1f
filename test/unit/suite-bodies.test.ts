// A body of the suite's refused as invalid is the suite's error, never the target's (that the bodies fit the real
// service's request schemas: bodies-fit-document.test.ts).
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/harness/check.ts';
import { SuiteError, TargetError } from '../../src/outcome.ts';
import { customRoleBody, needRefused } from '../../src/probes/new-entities.ts';
import { HttpResponse } from '../../src/http/messages.ts';

const rolesUrl = 'https://cloud.example.test/api/atlas/v2/groups/32b6e34b3d91647abb20e7b8/customDBRoles/roles';
function refusal(status: number, body: object): HttpResponse {
  const sent = JSON.stringify(customRoleBody('conformance-1'));
  const exchange = {
    request: { method: 'POST', url: rolesUrl, headers: {}, body: sent },
    startedAt: '',
    durationMs: 0,
  };
  return new HttpResponse(status, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)), exchange);
}

describe('a create the check needs, refused', () => {
  it('for its body is the suite error naming the operation and the body', () => {
    const res = refusal(400, {
      detail: 'The required attribute cluster was not specified.',
      error: 400,
      errorCode: 'MISSING_ATTRIBUTE',
      parameters: ['cluster'],
      reason: 'Bad Request',
    });
    const e = needRefused(res);
    expect(e).toBeInstanceOf(SuiteError);
    expect(e.message).toMatch(
      /^the suite could not get its body for POST \/api\/atlas\/v2\/groups\/32b6e34b3d91647abb20e7b8\/customDBRoles\/roles accepted: 400 .*MISSING_ATTRIBUTE/,
    );
    expect(e.message).toContain('"roleName":"conformance-1"');
    expect(classify(e)).toMatchObject({ status: 'error', cause: 'suite', exchange: res.exchange });
  });

  it('for another reason is the target error that leaves the rule unjudged', () => {
    const e = needRefused(
      refusal(404, {
        detail: 'No group with ID 32b6e34b3d91647abb20e7b8 exists.',
        error: 404,
        errorCode: 'GROUP_NOT_FOUND',
      }),
    );
    expect(e).toBeInstanceOf(TargetError);
    expect(classify(e)).toMatchObject({ status: 'error', cause: 'unexpected-status' });
  });
});
