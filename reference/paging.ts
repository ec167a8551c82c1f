// List responses (spec 2.3, 8): pages of results with totalCount and one to three links.
import type { RequestContext } from './context.ts';
import { notFound } from './errors.ts';
import type { Link, View } from './links.ts';
import { booleanParameter, integerParameter } from './queryParams.ts';
import type { Reply } from './respond.ts';

const DEFAULT_ITEMS_PER_PAGE = 100;
const MAX_ITEMS_PER_PAGE = 500;

interface Page { pageNum: number; itemsPerPage: number; includeCount: boolean }

/** A paging parameter: absent or 0 gives the default (as the real service's design rules say). */
const pagingParameter = (query: URLSearchParams, name: string, fallback: number) => integerParameter(query, name, fallback) || fallback;

function readPage(query: URLSearchParams): Page {
  return {
    pageNum: pagingParameter(query, 'pageNum', 1),
    itemsPerPage: Math.min(pagingParameter(query, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE), MAX_ITEMS_PER_PAGE),
    includeCount: booleanParameter(query, 'includeCount', true),
  };
}

/** The URL of another page of the same list, with the request's other parameters kept. */
function pageHref(ctx: RequestContext, page: Page, pageNum: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of ctx.query) {
    if (!['pageNum', 'itemsPerPage', 'includeCount', 'envelope', 'pretty'].includes(name)) query.append(name, value);
  }
  query.set('includeCount', String(page.includeCount));
  query.set('itemsPerPage', String(page.itemsPerPage));
  query.set('pageNum', String(pageNum));
  return `${ctx.origin}${ctx.path}?${query}`;
}

/** A list reply over all `items`, paged as the request asks. */
export function listReply<T>(ctx: RequestContext, items: T[], view: View<T>): Reply {
  if (items.length === 0 && ctx.mutants.has('LIST-EMPTY-200')) throw notFound(ctx.path);
  const page = readPage(ctx.query);
  const start = (page.pageNum - 1) * page.itemsPerPage;
  const links: Link[] = [{ href: pageHref(ctx, page, page.pageNum), rel: 'self' }];
  if (start + page.itemsPerPage < items.length) links.push({ href: pageHref(ctx, page, page.pageNum + 1), rel: 'next' });
  if (page.pageNum > 1) links.push({ href: pageHref(ctx, page, page.pageNum - 1), rel: 'previous' });
  const results = items.slice(start, start + page.itemsPerPage).map((item) => view(item, true));
  return { kind: 'list', body: page.includeCount ? { links, results, totalCount: items.length } : { links, results } };
}
