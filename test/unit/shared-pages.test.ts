// The run's shared list pages: one reading per list and query, judged by every rule that needs it; a page that
// differs in any paging parameter, or of another list, is a reading of its own.
import { describe, expect, it, vi } from 'vitest';
import { uncounted } from '../../src/harness/coverage.ts';
import { runConfirmed } from '../../src/harness/confirm.ts';
import { RuleFailure } from '../../src/outcome.ts';
import {
  firstPage,
  pageKey,
  sharedListKeys,
  sharedPage,
  type PagedList,
} from '../../src/probes/surface/paged-lists.ts';
import { fakeTarget, keysOf } from '../support/fake-lists.ts';

const run = vi.hoisted(() => ({ id: 'run-0' }));
vi.mock('vitest', async (actual) => ({
  ...(await actual<typeof import('vitest')>()),
  inject: () => ({ runId: run.id }),
}));

const list = (path: string): PagedList => ({ title: path, generation: 'v2', path });
let runs = 0;
/** Each test is a run of its own: the memo starts empty. */
const freshRun = () => {
  run.id = `run-${++runs}`;
};

describe('pageKey', () => {
  it('names a query the same in whatever order it was written, and tells apart every parameter and list', () => {
    expect(pageKey('/a', { pageNum: 1, itemsPerPage: 4, includeCount: true })).toBe(
      pageKey('/a', { includeCount: true, itemsPerPage: 4, pageNum: 1 }),
    );
    const keys = [
      pageKey('/a', { pageNum: 1, itemsPerPage: 4, includeCount: true }),
      pageKey('/a', { pageNum: 2, itemsPerPage: 4, includeCount: true }),
      pageKey('/a', { pageNum: 1, itemsPerPage: 5, includeCount: true }),
      pageKey('/a', { pageNum: 1, itemsPerPage: 4, includeCount: false }),
      pageKey('/a', { pageNum: 1, itemsPerPage: 4 }),
      pageKey('/b', { pageNum: 1, itemsPerPage: 4, includeCount: true }),
      pageKey('/v1.0/a', { pageNum: 1, itemsPerPage: 4, includeCount: true }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('sharedPage', () => {
  it('sends one request per list and query, and answers each query with its own reading', async () => {
    freshRun();
    const { t, sent } = fakeTarget({ '/a': 10, '/b': 10 });
    const a = list('/a');
    const [one, same, other, count, elsewhere] = await Promise.all([
      sharedPage(t, a, { pageNum: 1, itemsPerPage: 2 }),
      sharedPage(t, a, { itemsPerPage: 2, pageNum: 1 }),
      sharedPage(t, a, { pageNum: 2, itemsPerPage: 2 }),
      sharedPage(t, a, { pageNum: 1, itemsPerPage: 2, includeCount: true }),
      sharedPage(t, list('/b'), { pageNum: 1, itemsPerPage: 2 }),
    ]);
    expect(same).toBe(one);
    expect(sent).toEqual([
      '/a?pageNum=1&itemsPerPage=2',
      '/a?pageNum=2&itemsPerPage=2',
      '/a?pageNum=1&itemsPerPage=2&includeCount=true',
      '/b?pageNum=1&itemsPerPage=2',
    ]);
    expect([one, other, count, elsewhere].map((r) => r.exchange.request.url)).toEqual(
      sent.map((s) => `https://api.example.test${s}`),
    );
  });

  it('asks again while a failing check runs once more to confirm', async () => {
    freshRun();
    const { t, sent } = fakeTarget({ '/a': 3 });
    await runConfirmed(async () => {
      await sharedPage(t, list('/a'), { pageNum: 1, itemsPerPage: 2 });
      throw new RuleFailure('broken');
    });
    expect(sent).toEqual(['/a?pageNum=1&itemsPerPage=2', '/a?pageNum=1&itemsPerPage=2']);
  });
});

describe('sharedListKeys', () => {
  it('reads the whole list from full pages with the count on, page 1 being the first page the rules share', async () => {
    freshRun();
    const { t, sent } = fakeTarget({ '/a': 9, '/b': 2 });
    const a = list('/a');
    await firstPage(t, a);
    const [keys, again, b] = await Promise.all([
      sharedListKeys(uncounted, t, a),
      sharedListKeys(uncounted, t, a),
      sharedListKeys(uncounted, t, list('/b')),
    ]);
    expect(keys).toEqual(keysOf('/a', 9));
    expect(again).toEqual(keys);
    expect(b).toEqual(['/b#0', '/b#1']);
    expect([...sent].sort()).toEqual([
      '/a?pageNum=1&itemsPerPage=4&includeCount=true',
      '/a?pageNum=2&itemsPerPage=4&includeCount=true',
      '/a?pageNum=3&itemsPerPage=4&includeCount=true',
      '/b?pageNum=1&itemsPerPage=4&includeCount=true',
    ]);
  });
});
