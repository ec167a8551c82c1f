// What an include switch of the slow queries does to their items (spec 2.6, 4.4, SLOWQ-OPTIONAL-PROPS).
import { describe, expect, it } from 'vitest';
import { switchesWithoutEffect } from '../../src/judges/slow-queries.ts';

describe('the include switches of the slow queries', () => {
  // Items as the real service answers them: the log line and namespace, and what each switch includes.
  const line = '{"t":{"$date":"2025-05-06T10:15:00.000+00:00"},"s":"I","c":"COMMAND","msg":"Slow query"}';
  const bare = { line, namespace: 'sample_mflix.movies' };
  const all = { ...bare, metrics: { docsExamined: 23531, millis: 120 }, opType: 'query', replicaState: 'PRIMARY' };

  it('hold when each property switched on is in some item', () => {
    expect(switchesWithoutEffect([bare, bare], {})).toEqual([]);
    expect(
      switchesWithoutEffect([all, bare], { includeMetrics: true, includeOpType: true, includeReplicaState: true }),
    ).toEqual([]);
    expect(switchesWithoutEffect([{ ...bare, opType: 'query' }], { includeOpType: true })).toEqual([]);
  });

  it('judge no switch off or left out: the spec gives them no default', () => {
    // The real service's defaults are false, but a target may carry an optional property unasked.
    expect(switchesWithoutEffect([all, all], {})).toEqual([]);
    expect(
      switchesWithoutEffect([all], { includeMetrics: false, includeOpType: false, includeReplicaState: false }),
    ).toEqual([]);
  });

  it('name a switch on whose property no item carries', () => {
    expect(
      switchesWithoutEffect([{ ...bare, metrics: {} }], { includeMetrics: true, includeReplicaState: true }),
    ).toEqual([{ name: 'includeReplicaState', property: 'replicaState', of: 1 }]);
  });
});
