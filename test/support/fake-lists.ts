// A fake target for the list readings: only what they touch (the paging names, the legacy base, GET of a page, and
// the gate that holds the suite's writes back).
import { HttpResponse } from '../../src/http/messages.ts';
import type { Target } from '../../src/target/target.ts';

const paging = {
  pageNumParam: 'pageNum',
  itemsPerPageParam: 'itemsPerPage',
  includeCountParam: 'includeCount',
  totalCountField: 'totalCount',
  resultsField: 'results',
  maxItemsPerPage: 4,
};

/** A target whose lists hold `sizes[path]` items (`path#0`, `path#1`, ...), answering each page as asked; a test
 * changes a list by changing its size. `sent` lists the requests, and `held` tells for each whether it was sent while
 * the suite's writes were held back. */
export function fakeTarget(sizes: Record<string, number>) {
  const sent: string[] = [];
  const held: boolean[] = [];
  let quiet = 0;
  const t = {
    profile: { paging },
    legacy: (p = '') => `/v1.0${p}`,
    writes: {
      quietly: async <T>(read: () => Promise<T>): Promise<T> => {
        quiet++;
        try {
          return await read();
        } finally {
          quiet--;
        }
      },
    },
    get: async (path: string, { query = {} }: { query?: Record<string, unknown> } = {}) => {
      const q = Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      const url = `https://api.example.test${path}?${q}`;
      sent.push(`${path}?${q}`);
      held.push(quiet > 0);
      const size = Number(query.itemsPerPage ?? 100);
      const from = (Number(query.pageNum ?? 1) - 1) * size;
      const all = Array.from({ length: sizes[path] ?? 0 }, (_, i) => ({ id: `${path}#${i}` }));
      const body = { results: all.slice(from, from + size), ...(query.includeCount ? { totalCount: all.length } : {}) };
      const exchange = { request: { method: 'GET', url, headers: {} }, startedAt: '', durationMs: 0 };
      return new HttpResponse(200, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)), exchange);
    },
  };
  return { t: t as unknown as Target, sent, held };
}

/** The keys of a list of `size` items as the fake serves it. */
export const keysOf = (path: string, size: number): string[] => Array.from({ length: size }, (_, i) => `${path}#${i}`);
