// The suite's own create bodies fit the real service's published request schemas, and a body of the suite's refused
// as invalid is the suite's error, never the target's.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/harness/check.ts';
import { SuiteError, TargetError } from '../../src/outcome.ts';
import { customRoleBody, needRefused, roleResource } from '../../src/probes/new-entities.ts';
import { customRoleKind } from '../../src/probes/sequence.ts';
import type { Target } from '../../src/target/target.ts';
import { HttpResponse } from '../../src/http/messages.ts';

/** UserCustomDBRole as the real service's OpenAPI document gives it (its action enum left out). */
const userCustomDbRole = {
  type: 'object',
  required: ['roleName'],
  properties: {
    roleName: { type: 'string' },
    actions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['action', 'resources'],
        properties: {
          action: { type: 'string' },
          resources: {
            type: 'array',
            items: {
              type: 'object',
              required: ['cluster', 'collection', 'db'],
              properties: { cluster: { type: 'boolean' }, collection: { type: 'string' }, db: { type: 'string' } },
            },
          },
        },
      },
    },
    inheritedRoles: {
      type: 'array',
      uniqueItems: true,
      items: {
        type: 'object',
        required: ['db', 'role'],
        properties: { db: { type: 'string' }, role: { type: 'string' } },
      },
    },
  },
};
const accepted = new Ajv({ allErrors: true }).compile(userCustomDbRole);

describe('custom database role bodies', () => {
  it('are what the real service requires, on a database and on the cluster', () => {
    for (const body of [
      customRoleBody('conformance-1'),
      customRoleBody('conformance-2', 'SHARDED_DATA_DISTRIBUTION', [roleResource('cluster')]),
      customRoleKind.body({} as Target, 'conformance-3'),
    ])
      expect(accepted(body), JSON.stringify(accepted.errors)).toBe(true);
    // What the suite sent before: a resource without cluster, which the real service refuses.
    expect(
      accepted({ roleName: 'r', actions: [{ action: 'FIND', resources: [{ db: 'conformance', collection: '' }] }] }),
    ).toBe(false);
  });
});

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
