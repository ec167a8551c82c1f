// The judgement of spec 2.3's empty result set: a list under contexts that exist is 200 with an empty results array,
// not 404; lists with items, answers without a results array and other refusals leave it unjudged.
import { describe, expect, it } from 'vitest';
import { checkEmptyList, listAnswer } from '../../src/judges/empty-list.ts';
import { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';

function answer(status: number, body: unknown): HttpResponse {
  const exchange = {
    request: { method: 'GET', url: 'https://api.example.test/groups/p1/clusters/c1/backup/restoreJobs', headers: {} },
    startedAt: '',
    durationMs: 0,
  };
  return new HttpResponse(status, {}, Buffer.from(JSON.stringify(body)), exchange);
}

const notFound = { error: 404, errorCode: 'RESOURCE_NOT_FOUND' };

describe('an empty list', () => {
  it.each([
    ['an empty results array', answer(200, { totalCount: 0, results: [], links: [] }), 'empty'],
    ['items', answer(200, { totalCount: 1, results: [{ id: 'a' }], links: [] }), 'items'],
    ['no results array', answer(200, { totalCount: 0, links: [] }), 'no results'],
    ['a bare array', answer(200, []), 'no results'],
    ['a 404', answer(404, notFound), 'not found'],
    ['a 400', answer(400, { error: 400 }), 'other'],
  ])('reads %s as %s', (_, res, expected) => {
    expect(listAnswer(res, 'results')).toBe(expected);
  });

  it('reads the results field the profile names', () => {
    expect(listAnswer(answer(200, { items: [] }), 'items')).toBe('empty');
    expect(listAnswer(answer(200, { results: [] }), 'items')).toBe('no results');
  });

  it('holds for 200 with empty results and leaves lists with items or refused otherwise unjudged', () => {
    expect(checkEmptyList(answer(200, { results: [] }), 'results', 'the restore jobs')).toBe('empty');
    expect(checkEmptyList(answer(200, { results: [{}] }), 'results', 'the restore jobs')).toBe('items');
    expect(checkEmptyList(answer(403, { error: 403 }), 'results', 'the restore jobs')).toBe('other');
  });

  it('breaks for a 404, expecting 200 with an empty results array', () => {
    const judge = () => checkEmptyList(answer(404, notFound), 'results', 'the restore jobs');
    expect(judge).toThrow(RuleFailure);
    expect(judge).toThrow(/restoreJobs → 404: the restore jobs, under contexts that exist, are not found/);
    try {
      judge();
    } catch (e) {
      expect((e as RuleFailure).details).toMatchObject({ expected: '200 with an empty results array', actual: 404 });
    }
  });

  it.each([500, 503, 429])('leaves a %i unjudged: the target could not be judged', (status) => {
    expect(() => checkEmptyList(answer(status, {}), 'results', 'the restore jobs')).toThrow(TargetError);
  });
});
