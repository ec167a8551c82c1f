// What an answer carries (spec 2.1-2.3): the entities the rules about every entity judge, and answers that carry none.
import { describe, expect, it } from 'vitest';
import { carried } from '../../src/judges/entities.ts';
import { answer } from '../support/answers.ts';

const json = { 'content-type': 'application/vnd.atlas.2023-02-01+json;charset=utf-8' };
const group = 'https://cloud.example.test/api/atlas/v2/groups/32b6e34b3d91647abb20e7b8';

describe('what an answer carries', () => {
  it('takes the empty object acknowledging a DELETE or an accepted request for no entity', () => {
    // The real service's OpenAPI answers a cluster's removal with 202 and an empty schema ({}), most others with 204.
    expect(carried(answer('DELETE', `${group}/clusters/cluster-833`, 202, json, {}), 'results')).toBeUndefined();
    expect(
      carried(answer('DELETE', `${group}/databaseUsers/admin/app-user`, 200, json, {}), 'results'),
    ).toBeUndefined();
    expect(
      carried(answer('POST', `${group}/clusters/cluster-833/restartPrimaries`, 202, json, {}), 'results'),
    ).toBeUndefined();
    expect(carried(answer('DELETE', `${group}/alertConfigs/57b76ddc96e8215c017ceafb`, 204), 'results')).toBeUndefined();
  });

  it('still takes an empty object read with GET, or a DELETE answer that shows an entity, for an entity', () => {
    expect(carried(answer('GET', `${group}/clusters/cluster-833`, 200, json, {}), 'results')?.kind).toBe('entity');
    // Removing a cluster's backup schedule answers 200 with the schedule as it now is.
    const schedule = { clusterId: '32b6e34b3d91647abb20e7b9', policies: [], referenceHourOfDay: 12 };
    expect(
      carried(answer('DELETE', `${group}/clusters/cluster-833/backup/schedule`, 200, json, schedule), 'results'),
    ).toEqual({
      kind: 'entity',
      body: schedule,
    });
    expect(carried(answer('POST', `${group}/clusters`, 201, json, {}), 'results')?.kind).toBe('entity');
  });
});
