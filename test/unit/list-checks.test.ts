// List judgements of spec 2.3: the shape of a list response, the count switch, and pages against the whole set.
import { describe, expect, it } from 'vitest';
import { checkCountOff, checkCountOn, checkListShape, itemKey } from '../../src/judges/list.ts';
import { isPartition, isPrefix, partitionDefects } from '../../src/judges/partition.ts';
import { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure } from '../../src/outcome.ts';
import { checkProfile } from '../../src/profile/load.ts';

const profile = checkProfile(
  { name: 't', baseUrl: 'https://api.example.test', credentials: { owner: { tokenEnv: 'T' } } },
  'p.json',
);

function listResponse(body: unknown): HttpResponse {
  const exchange = {
    request: { method: 'GET', url: 'https://api.example.test/list', headers: {} },
    startedAt: '',
    durationMs: 0,
  };
  return new HttpResponse(200, {}, Buffer.from(JSON.stringify(body)), exchange);
}

const self = { rel: 'self', href: 'https://api.example.test/list' };

describe('list response shape', () => {
  it('accepts the total count, entities and one to three links', () => {
    expect(() => checkListShape(listResponse({ totalCount: 0, results: [], links: [self] }), profile)).not.toThrow();
    expect(() =>
      checkListShape(listResponse({ totalCount: 2, results: [{}, {}], links: [self, self, self] }), profile),
    ).not.toThrow();
  });

  it.each([
    ['no total count', { results: [], links: [self] }, /totalCount is missing/],
    ['a negative total count', { totalCount: -1, results: [], links: [self] }, /totalCount is -1/],
    ['results that are not entities', { totalCount: 1, results: ['x'], links: [self] }, /other than entities/],
    ['no links', { totalCount: 0, results: [], links: [] }, /0 relations/],
    ['four links', { totalCount: 0, results: [], links: [self, self, self, self] }, /4 relations/],
    ['a link without href', { totalCount: 0, results: [], links: [{ rel: 'self' }] }, /string rel and href/],
    ['a bare array of entities', [{ id: 'a' }], /not a JSON object/],
    ['a string', 'list', /not a JSON object/],
  ])('refuses %s', (_what, body, message) => {
    expect(() => checkListShape(listResponse(body), profile)).toThrow(message);
  });
});

describe('include-count switch', () => {
  it('wants the size of the whole result set with the count on', () => {
    expect(() => checkCountOn(listResponse({ totalCount: 40, results: [] }), profile.paging, 40)).not.toThrow();
    expect(() => checkCountOn(listResponse({ totalCount: 20, results: [] }), profile.paging, 40)).toThrow(RuleFailure);
    expect(() => checkCountOn(listResponse({ results: [] }), profile.paging, 40)).toThrow(/missing/);
  });

  it('takes what the profile says the count looks like when off', () => {
    const off = (countOffValue: typeof profile.paging.countOffValue) => ({ ...profile.paging, countOffValue });
    expect(() => checkCountOff(listResponse({ results: [] }), off('absent-or-zero'))).not.toThrow();
    expect(() => checkCountOff(listResponse({ totalCount: 0, results: [] }), off('absent-or-zero'))).not.toThrow();
    expect(() => checkCountOff(listResponse({ totalCount: 0, results: [] }), off('absent'))).toThrow(RuleFailure);
    expect(() => checkCountOff(listResponse({ results: [] }), off('zero'))).toThrow(RuleFailure);
    expect(() => checkCountOff(listResponse({ totalCount: 7, results: [] }), off('absent-or-zero'))).toThrow(
      /totalCount is 7/,
    );
  });
});

describe('pages against the whole result set', () => {
  it('keys items by id, or by their whole content in any field order', () => {
    expect(itemKey({ id: 'a1', name: 'x' })).toBe('a1');
    expect(itemKey({ eventType: 'E', alertable: true })).toBe(itemKey({ alertable: true, eventType: 'E' }));
  });

  it('finds repeated, missing and foreign items', () => {
    expect(isPartition(partitionDefects(['a', 'b', 'c'], [['a', 'b'], ['c']]))).toBe(true);
    expect(partitionDefects(['a', 'b', 'c', 'd'], [['a', 'b'], ['b', 'c'], ['x']])).toEqual({
      duplicated: ['b'],
      missing: ['d'],
      foreign: ['x'],
    });
  });

  it('tells whether a page is the start of the set', () => {
    expect(isPrefix(['a', 'b'], ['a', 'b', 'c'])).toBe(true);
    expect(isPrefix(['b'], ['a', 'b'])).toBe(false);
  });
});
