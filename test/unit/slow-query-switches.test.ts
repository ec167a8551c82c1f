// What an include switch of the slow queries does to their items (spec 2.6, 4.4, SLOWQ-OPTIONAL-PROPS).
import { describe, expect, it } from 'vitest';
import { switchesWithoutEffect } from '../../src/judges/slow-queries.ts';

describe('the include switches of the slow queries', () => {
  const all = { line: 'l', metrics: {}, opType: 'query', replicaState: 'PRIMARY' };
  const bare = { line: 'l' };

  it('hold when each property is in the items with its switch on and in none with it off', () => {
    expect(switchesWithoutEffect([bare, bare], {})).toEqual([]);
    expect(
      switchesWithoutEffect([all, bare], { includeMetrics: true, includeOpType: true, includeReplicaState: true }),
    ).toEqual([]);
    expect(
      switchesWithoutEffect([{ line: 'l', opType: 'query' }], { includeOpType: true, includeMetrics: false }),
    ).toEqual([]);
  });

  it('name a switch on whose property no item carries, and one off whose property some item carries', () => {
    expect(
      switchesWithoutEffect([{ line: 'l', metrics: {} }], { includeMetrics: true, includeReplicaState: true }),
    ).toEqual([{ name: 'includeReplicaState', property: 'replicaState', on: true, carrying: 0, of: 1 }]);
    expect(switchesWithoutEffect([bare, { line: 'l', opType: 'query' }], { includeOpType: false })).toEqual([
      { name: 'includeOpType', property: 'opType', on: false, carrying: 1, of: 2 },
    ]);
  });
});
