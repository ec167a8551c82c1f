// Whether a property took an enum value (spec 2.6, CLU-GCP-PROVIDER): an outage filter of a cluster on GCP.
import { describe, expect, it } from 'vitest';
import { expectValueAccepted } from '../../src/judges/value-accepted.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';
import { answer } from '../support/answers.ts';

const path =
  'https://cloud.example.test/api/atlas/v2/groups/32b6e34b3d91647abb20e7b8/clusters/cluster-833/outageSimulation';
const body = { outageFilters: [{ cloudProvider: 'GCP', regionName: 'CENTRAL_US', type: 'REGION' }] };
const at = ['outageFilters', 0, 'cloudProvider'];
const json = { 'content-type': 'application/json' };
const judge = (status: number, reply: object) => () =>
  expectValueAccepted(answer('POST', path, status, json, reply), body, at, 'an outage filter on GCP is accepted');

describe('an enum value accepted', () => {
  it('passes on the simulation the real service starts', () => {
    const started = {
      clusterName: 'cluster-833',
      groupId: '32b6e34b3d91647abb20e7b8',
      id: '6a2f0c7d1e7b3a0011a1b2c3',
      outageFilters: body.outageFilters,
      startRequestDate: '2025-05-02T10:15:00Z',
      state: 'START_REQUESTED',
    };
    expect(judge(200, started)).not.toThrow();
  });

  it('fails on a refusal that names the property or the value', () => {
    const named = (detail: string, parameters: string[]) => ({
      detail,
      error: 400,
      errorCode: 'INVALID_ENUM_VALUE',
      parameters,
      reason: 'Bad Request',
    });
    expect(judge(400, named('An invalid enumeration value GCP was specified.', ['GCP']))).toThrow(RuleFailure);
    expect(judge(400, named('Invalid attribute outageFilters[0].cloudProvider specified.', []))).toThrow(RuleFailure);
  });

  it('leaves the rule unjudged on a refusal for something else', () => {
    const other = {
      detail: 'The cluster cluster-833 is not ready for an outage simulation.',
      error: 400,
      errorCode: 'INVALID_CLUSTER_STATE',
      parameters: ['cluster-833'],
      reason: 'Bad Request',
    };
    expect(judge(400, other)).toThrow(TargetError);
  });
});
