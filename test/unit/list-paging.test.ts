// Judgements of one page of a list (spec 2.3, 8): its length, a page size above the maximum, and page 1's items.
import { describe, expect, it } from 'vitest';
import { checkAtMost, checkFirstItems, checkOversizedPage } from '../../src/judges/list-paging.ts';
import { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';

function answer(status: number, body: unknown = {}): HttpResponse {
  const exchange = {
    request: { method: 'GET', url: 'https://api.example.test/list', headers: {} },
    startedAt: '',
    durationMs: 0,
  };
  return new HttpResponse(status, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)), exchange);
}

describe('page length', () => {
  it('accepts up to the maximum and refuses one more', () => {
    expect(() => checkAtMost(answer(200), ['a', 'b'], 2)).not.toThrow();
    expect(() => checkAtMost(answer(200), ['a', 'b', 'c'], 2)).toThrow(/3 items on one page, more than 2/);
  });
});

describe('a page size above the maximum', () => {
  it('passes a refusal with a 4xx, but not a 429 or a 5xx', () => {
    expect(checkOversizedPage(answer(400), [], 500, true)).toBe('refused');
    expect(() => checkOversizedPage(answer(429), [], 500, true)).toThrow();
    expect(() => checkOversizedPage(answer(503), [], 500, true)).toThrow(TargetError);
  });

  it('passes a capped page, and an empty one only for a list without items', () => {
    expect(checkOversizedPage(answer(200), ['a'], 500, true)).toBe('capped');
    expect(checkOversizedPage(answer(200), [], 500, false)).toBe('capped');
    expect(() => checkOversizedPage(answer(200), [], 500, true)).toThrow(/neither refused nor capped: page 1 is empty/);
  });

  it('fails a page that holds more than the maximum', () => {
    expect(() => checkOversizedPage(answer(200), ['a', 'b', 'c'], 2, true)).toThrow(RuleFailure);
  });
});

describe('page 1', () => {
  const all = ['a', 'b', 'c'];
  it('holds the first items at its size, or the whole set when that is shorter', () => {
    expect(() => checkFirstItems(answer(200), ['a'], all, 1)).not.toThrow();
    expect(() => checkFirstItems(answer(200), ['a', 'b', 'c'], all, 5)).not.toThrow();
    expect(() => checkFirstItems(answer(200), [], [], 1)).not.toThrow();
  });

  it.each([
    ['the second page', ['b'], 1],
    ['too few items', ['a'], 2],
    ['the items out of order', ['b', 'a'], 2],
    ['items of an empty set', ['a'], 1, [] as string[]],
  ])('fails %s', (_what, keys, size, set = all) => {
    expect(() => checkFirstItems(answer(200), keys as string[], set as string[], size as number)).toThrow(
      /does not hold the first/,
    );
  });
});
