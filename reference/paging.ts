// List responses (spec 2.3, 8): pages of results with totalCount and one to three links.
import type { RequestContext } from './context.ts';
import { notFound } from './errors.ts';
import type { Link, View } from './links.ts';
import { booleanParameter, integerParameter } from './query-params.ts';
import type { Reply } from './respond.ts';

const DEFAULT_ITEMS_PER_PAGE = 100;
const MAX_ITEMS_PER_PAGE = 500;

interface Page {
  pageNum: number;
  itemsPerPage: number;
  includeCount: boolean;
}

/** A paging parameter: absent or 0 gives the default (as the real service's design rules say). */
const pagingParameter = (query: URLSearchParams, name: string, fallback: number) =>
  integerParameter(query, name, fallback) || fallback;

function readPage(ctx: RequestContext): Page {
  const { query } = ctx;
  const itemsPerPage = pagingParameter(query, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE);
  // Mutant: the cap compares the size as the text it was sent as: '501' is above '500', '1000' is not.
  const over = ctx.mutants.has('LIST-MAX-500:as-text')
    ? (query.get('itemsPerPage') ?? '') > String(MAX_ITEMS_PER_PAGE)
    : itemsPerPage > MAX_ITEMS_PER_PAGE;
  // Mutant: a list asked for no page size answers a page of a thousand items, its default left uncapped (and its
  // links name no page size either, below).
  const unasked = !query.get('itemsPerPage') && ctx.mutants.has('LIST-MAX-500:default-size');
  return {
    pageNum: pagingParameter(query, 'pageNum', 1),
    itemsPerPage: unasked ? 1000 : over ? MAX_ITEMS_PER_PAGE : itemsPerPage,
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
  // Mutant: a list asked for no page size (its default left uncapped) links to its pages without one too.
  if (ctx.query.get('itemsPerPage') || !ctx.mutants.has('LIST-MAX-500:default-size'))
    query.set('itemsPerPage', String(page.itemsPerPage));
  query.set('pageNum', String(pageNum));
  return `${ctx.origin}${ctx.path}?${query}`;
}

/** A list reply over all `items`, paged as the request asks; `total` is the size of the result set, counted apart. */
export function listReply<T>(ctx: RequestContext, items: T[], view: View<T>, total = items.length): Reply {
  if (items.length === 0 && ctx.mutants.has('LIST-EMPTY-200')) throw notFound(ctx.path);
  // Mutant: an empty list nested two or more contexts deep (a cluster's restore jobs) is not found.
  if (items.length === 0 && Object.keys(ctx.params).length >= 2 && ctx.mutants.has('LIST-EMPTY-200:nested'))
    throw notFound(ctx.path);
  // Mutant: under the legacy generation a project that runs no cluster has its empty lists not found.
  if (items.length === 0 && ctx.generation === 'v1.0' && ctx.mutants.has('LIST-EMPTY-200:legacy')) {
    const group = ctx.params.groupId;
    if (group !== undefined && !ctx.store.clusters.some((c) => c.groupId === group)) throw notFound(ctx.path);
  }
  const page = readPage(ctx);
  const start = firstIndex(ctx, page);
  const links: Link[] = [{ href: pageHref(ctx, page, page.pageNum), rel: 'self' }];
  if (start + page.itemsPerPage < items.length)
    links.push({ href: pageHref(ctx, page, page.pageNum + 1), rel: 'next' });
  if (page.pageNum > 1) links.push({ href: pageHref(ctx, page, page.pageNum - 1), rel: 'previous' });
  // Mutant: a middle page also links to the first page, four relations in all; or, at one item per page, every page
  // with a next one links to the first and the last page too.
  if (links.length === 3 && ctx.mutants.has('LIST-SHAPE')) links.push({ href: pageHref(ctx, page, 1), rel: 'first' });
  if (page.itemsPerPage === 1 && links.length > 1 && ctx.mutants.has('LIST-SHAPE:one-per-page'))
    links.push(
      { href: pageHref(ctx, page, 1), rel: 'first' },
      { href: pageHref(ctx, page, items.length), rel: 'last' },
    );
  // Mutant: items on pages after the first carry all their relations, as outside a list.
  // Or events listed by a date filter carry them on every page.
  const filteredEvents = /\/events\/?$/.test(ctx.path) && (ctx.query.has('minDate') || ctx.query.has('maxDate'));
  const inList =
    (page.pageNum === 1 || !ctx.mutants.has('LINK-LIST-ITEM-SELF-ONLY')) &&
    !(filteredEvents && ctx.mutants.has('LINK-LIST-ITEM-SELF-ONLY:filtered'));
  // Mutant: under /v1.0 the events answer a page size above the maximum with an empty page.
  const overflow =
    ctx.generation === 'v1.0' &&
    /\/events$/.test(ctx.path) &&
    pagingParameter(ctx.query, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE) > MAX_ITEMS_PER_PAGE;
  const shown =
    overflow && ctx.mutants.has('LIST-MAX-500:legacy-events') ? [] : items.slice(start, start + page.itemsPerPage);
  const results = shown.map((item) => view(item, inList));
  // Mutant: with the count switched off, pages after the first still carry it; or the alerts of a project always carry it.
  const withCount =
    page.includeCount ||
    (page.pageNum > 1 && ctx.mutants.has('LIST-INCLUDE-COUNT')) ||
    (/\/groups\/[^/]+\/alerts$/.test(ctx.path) && ctx.mutants.has('LIST-INCLUDE-COUNT:alerts'));
  // Mutant: under /v1.0 the databases of a process carry no links.
  if (ctx.generation === 'v1.0' && /\/databases$/.test(ctx.path) && ctx.mutants.has('LIST-SHAPE:legacy-databases'))
    return { kind: 'list', body: withCount ? { results, totalCount: total } : { results } };
  return { kind: 'list', body: withCount ? { links, results, totalCount: total } : { links, results } };
}

/** Where the requested page starts in the result set. */
function firstIndex(ctx: RequestContext, page: Page): number {
  // Mutant: a page size above the maximum caps each page's length, not where later pages start.
  const stride = ctx.mutants.has('LIST-MAX-500')
    ? pagingParameter(ctx.query, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE)
    : page.itemsPerPage;
  // Mutant: under /v1.0 the processes count an explicit page number from 0 at page sizes below the default.
  const small = ctx.query.has('pageNum') && page.itemsPerPage < DEFAULT_ITEMS_PER_PAGE;
  const fromZero =
    small &&
    ctx.generation === 'v1.0' &&
    /\/processes$/.test(ctx.path) &&
    ctx.mutants.has('LIST-PAGE-1-BASED:legacy-processes');
  const start = (page.pageNum - (fromZero ? 0 : 1)) * stride;
  // Mutant: at page sizes from 3 to 99, page 2 starts one item early; or, for the clusters of a project, every later
  // page below the default size starts one early, repeating the last item of the page before.
  const shifted = page.pageNum === 2 && page.itemsPerPage >= 3 && page.itemsPerPage < 100;
  const repeated =
    page.pageNum > 1 &&
    small &&
    /\/groups\/[^/]+\/clusters$/.test(ctx.path) &&
    ctx.mutants.has('LIST-PAGES-PARTITION:clusters');
  return (shifted && ctx.mutants.has('LIST-PAGES-PARTITION')) || repeated ? start - 1 : start;
}
