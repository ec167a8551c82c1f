// Judgements of the format rules (spec 2.1): raw whitespace, media types, dates, BSON timestamps, nulls, units.
import { describe, expect, it } from 'vitest';
import { bsonProblem, nonUtcDates, utcDateTime } from '../../src/judges/dates.ts';
import { checkJsonResponse, isJsonMediaType, jsonContentTypeRequired } from '../../src/judges/media-type.ts';
import { nullFields } from '../../src/judges/nulls.ts';
import { unitReading } from '../../src/judges/units.ts';

const unitlessQuantities = (body: unknown) => unitReading(body).unitless;
import { strayWhitespace } from '../../src/judges/whitespace.ts';
import { RuleFailure } from '../../src/outcome.ts';
import { answer } from '../support/answers.ts';

describe('compact JSON', () => {
  it('finds whitespace between tokens, not inside strings', () => {
    expect(strayWhitespace('{"a b":"c \\" d","e":[1,2]}')).toBe(-1);
    expect(strayWhitespace('{"a": 1}')).toBe(5);
    expect(strayWhitespace('{"a":1}\n')).toBe(7);
  });
});

describe('JSON media types', () => {
  it('accepts application/json and any +json type, with parameters: the spec says JSON, not which JSON type', () => {
    expect(isJsonMediaType('application/json')).toBe(true);
    expect(isJsonMediaType('application/vnd.atlas.2023-02-01+json;charset=utf-8')).toBe(true);
    expect(isJsonMediaType('application/problem+json')).toBe(true);
    expect(isJsonMediaType('text/plain')).toBe(false);
    expect(isJsonMediaType('application/jsonl')).toBe(false);
    expect(isJsonMediaType('application/vnd.atlas.2023-02-01+csv')).toBe(false);
    expect(isJsonMediaType(undefined)).toBe(false);
  });

  it('takes any JSON value as JSON: the real service lists the matcher field names as a bare array of strings', () => {
    const fieldNames = answer(
      'GET',
      'https://cloud.example.test/api/atlas/v2/alertConfigs/matchers/fieldNames',
      200,
      { 'content-type': 'application/vnd.atlas.2023-01-01+json;charset=utf-8' },
      ['ATLAS_NODE_TYPE', 'CLUSTER_NAME', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME'],
    );
    expect(() => checkJsonResponse(fieldNames)).not.toThrow();
    const text = answer('GET', fieldNames.exchange.request.url, 200, { 'content-type': 'application/json' }, '[ATLAS');
    expect(() => checkJsonResponse(text)).toThrow(RuleFailure);
  });

  it('judges no media type on a 204 or an empty 2xx, which has no Content-Type', () => {
    const config =
      'https://cloud.example.test/api/atlas/v2/groups/32b6e34b3d91647abb20e7b8/alertConfigs/57b76ddc96e8215c017ceafb';
    expect(() => checkJsonResponse(answer('DELETE', config, 204))).not.toThrow();
    expect(() => checkJsonResponse(answer('POST', `${config}/alerts`, 202))).not.toThrow();
    expect(() => checkJsonResponse(answer('PATCH', config, 200, { 'content-type': 'text/plain' }, 'ok'))).toThrow(
      RuleFailure,
    );
  });
});

describe('writes that require a JSON Content-Type', () => {
  it('are POST and PUT in both generations and PATCH in the versioned API only (spec 2.1, 9.2)', () => {
    const required = (['POST', 'PUT', 'PATCH', 'DELETE'] as const).flatMap((m) =>
      (['v2', 'v1.0'] as const).filter((g) => jsonContentTypeRequired(m, g)).map((g) => `${m} ${g}`),
    );
    expect(required).toEqual(['POST v2', 'POST v1.0', 'PUT v2', 'PUT v1.0', 'PATCH v2']);
  });
});

describe('dates', () => {
  it('takes UTC date-times with the T, and nothing else', () => {
    expect(utcDateTime('2025-05-01T10:00:00Z')).toBeDefined();
    expect(utcDateTime('2025-05-01T10:00:00.123+00:00')).toBeDefined();
    expect(utcDateTime('2025-05-01T10:00:00,5+00')).toBeDefined();
    expect(utcDateTime('2025-05-01 10:00:00Z')).toBeUndefined();
    expect(utcDateTime('2025-05-01T10:00:00+02:00')).toBeUndefined();
    expect(utcDateTime('2025-05-01T10:00:00+02')).toBeUndefined();
    expect(utcDateTime('2025-02-30T10:00:00Z')).toBeUndefined();
    expect(utcDateTime('2025-05-01T10:00:00')).toBeUndefined();
  });

  it('takes every ISO-8601 form of a UTC date-time: reduced precision, basic format, any fraction', () => {
    // As the real service and its clients write them: seconds, milliseconds, and shorter or longer forms.
    for (const utc of [
      '2025-05-02T10:15:00Z',
      '2025-05-02T10:15:00.123Z',
      '2025-05-02T10:15:00.123456789Z',
      '2025-05-02T10:15:00,5Z',
      '2025-05-02T10:15Z',
      '2025-05-02T10:15.5Z',
      '2025-05-02T10Z',
      '2025-05-02T10.25Z',
      '2025-05-02T10:15:00+00:00',
      '2025-05-02T10:15+00',
      '20250502T101500Z',
      '20250502T1015Z',
      '20250502T10Z',
      '20250502T101500.25+0000',
      '2025-122T10:15:00Z',
      '2025122T101500Z',
      '2025-W18-5T10:15:00Z',
      '2025W185T1015Z',
      '2025-05-02T24:00:00Z',
      '2016-12-31T23:59:60Z',
    ])
      expect(utcDateTime(utc), utc).toBeDefined();
    for (const other of [
      '2025-05-02T10:15:00+02:00',
      '2025-05-02T10:15:00-00:00',
      '2025-05-02T10:15:00+0000',
      '20250502T101500+00:00',
      '2025-05-02T101500Z',
      '20250502T10:15:00Z',
      '2025-05-02T10:15:00',
      '2025-05-02T25Z',
      '2025-05-02T24:30Z',
      '2025-366T10Z',
      '2025-W53-1T10Z',
      '2025-W18-8T10Z',
      '2025-05-02T10:15:00.Z',
    ])
      expect(utcDateTime(other), other).toBeUndefined();
    expect(utcDateTime('2024-366T10Z')).toBeDefined();
    expect(utcDateTime('2020-W53-4T10Z')).toBeDefined();
    expect(utcDateTime('2025-05-02T10:15Z')?.seconds).toBeUndefined();
  });

  it('finds dates by their look and by their field name', () => {
    const found = nonUtcDates({
      created: 'Mon, 05 May 2025 10:00:00 GMT',
      name: '2025-05-01 cluster',
      day: '2025-05-01',
      at: [{ updated: '2025-05-01T10:00:00+01:00' }],
    });
    expect(found.map((d) => d.path)).toEqual(['created', 'at[0].updated']);
  });

  it('judges BSON timestamps', () => {
    expect(bsonProblem({ date: '2025-05-01T00:00:00Z', increment: 1 })).toBeUndefined();
    expect(bsonProblem({ date: '2025-05-01T00:00:00.250Z', increment: 1 })).toMatch(/granularity/);
    expect(bsonProblem({ date: '2025-05-01T00:00:00Z', increment: 2 ** 32 })).toMatch(/32-bit/);
    expect(bsonProblem({ date: '2025-05-01T00:00:00Z', inc: 1 })).toMatch(/fields/);
  });
});

describe('fields', () => {
  it('names null fields by path', () => {
    expect(nullFields({ a: 1, b: null, c: [{ d: null }, null] })).toEqual(['b', 'c[0].d']);
  });

  it('finds numeric quantities whose name has no unit', () => {
    expect(
      unitlessQuantities({
        diskSizeGB: 10,
        delayMin: 0,
        diskSize: 10,
        pageNum: 1,
        pointInTimeUTCSeconds: 5,
        nested: { timeout: 3 },
      }),
    ).toEqual(['diskSize', 'nested.timeout']);
  });

  it('counts the numeric fields of a body in the same walk, in arrays too, numbers that are items aside', () => {
    expect(unitReading({ a: 1, b: 'x', c: [{ d: 2 }, 3], e: { f: 4.5 } }).numeric).toBe(3);
    expect(unitReading(undefined)).toEqual({ numeric: 0, unitless: [] });
  });

  it('takes the unit from a field beside the number that gives it, as a backup schedule of the real service does', () => {
    const item = (frequencyType: string, frequencyInterval: number, retentionUnit: string, retentionValue: number) => ({
      frequencyInterval,
      frequencyType,
      id: '32b6e34b3d91647abb20e7b8',
      retentionUnit,
      retentionValue,
    });
    const schedule = {
      clusterId: '32b6e34b3d91647abb20e7b9',
      clusterName: 'cluster-833',
      referenceHourOfDay: 12,
      referenceMinuteOfHour: 30,
      restoreWindowDays: 7,
      policies: [
        {
          id: '32b6e34b3d91647abb20e7ba',
          policyItems: [item('hourly', 6, 'days', 2), item('weekly', 7, 'weeks', 4), item('monthly', 40, 'months', 12)],
        },
      ],
    };
    expect(unitlessQuantities(schedule)).toEqual([]);
    // Without the fields beside them, nothing says what the numbers count.
    const bare = { policyItems: [{ frequencyInterval: 7, retentionValue: 4, frequencyType: 7 }] };
    expect(unitlessQuantities(bare)).toEqual(['policyItems[0].frequencyInterval', 'policyItems[0].retentionValue']);
    // A unit word beside an unrelated number gives it no unit.
    expect(unitlessQuantities({ metricThreshold: { threshold: 5, delay: 3, units: 'MINUTES' } })).toEqual([]);
    expect(
      unitlessQuantities({ type: 'REPLICASET', retentionUnit: 'days', diskSize: 10, frequencyInterval: 2 }),
    ).toEqual(['diskSize', 'frequencyInterval']);
  });
});
