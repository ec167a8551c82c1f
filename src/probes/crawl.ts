// The crawl (spec 1: "a client can start at the root resource and follow links"): from the root resource,
// breadth first, following only the hrefs of link relations, once per run. Every response it reaches feeds the
// rules about all entities (2.1, 2.2, 2.4), so that every entity reached is judged, not a hand-picked few.
// Bounded by the profile (depth, requests) and, per list, by pages and by the items whose links are followed.
import { parsedBody } from '../judges/entities.ts';
import { isObject } from '../judges/json-walk.ts';
import type { HttpResponse } from '../http/messages.ts';
import { skipFor, TargetError } from '../outcome.ts';
import { CrawlScope } from '../target/crawl-scope.ts';
import { cite } from '../harness/evidence.ts';
import { createdPaths } from '../target/journal.ts';
import { once } from '../harness/per-run.ts';
import type { Target } from '../target/target.ts';
import { target } from '../harness/run-target.ts';

export interface Crawled {
  /** The absolute URL fetched. */
  url: string;
  /** Links followed from the root to get here. */
  depth: number;
  res: HttpResponse;
}

export interface Crawl {
  /** Every response reached, in the order fetched. */
  responses: Crawled[];
  /** Links the target's faults kept the crawl from (a 5xx after retries, a timeout, a reset): rules about every
   * response reached cannot be judged whole while any is here. */
  cut: TargetError[];
  /** Successes reached that carry no JSON object where an entity or a list belongs. */
  unreadable: TargetError[];
  byUrl: ReadonlyMap<string, Crawled>;
  /** Whether a URL is one the crawl may fetch (the target's origin and API, the profile's projects). */
  inScope(url: URL): boolean;
}

/** Pages of one list followed through its paging links. */
const pagesPerList = 3;
/** Items of a list page whose links are followed (all items are judged, whatever this bound). */
const itemsFollowedPerPage = 5;

/** Hrefs of every link relation in `value`: the `links` arrays of it and of the objects inside it. */
function hrefsIn(value: unknown, hrefField: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => hrefsIn(v, hrefField));
  if (!isObject(value)) return [];
  const own = Array.isArray(value.links)
    ? value.links
        .filter(isObject)
        .map((l) => l[hrefField])
        .filter((h): h is string => typeof h === 'string')
    : [];
  return [
    ...own,
    ...Object.entries(value)
      .filter(([k]) => k !== 'links')
      .flatMap(([, v]) => hrefsIn(v, hrefField)),
  ];
}

/** The links a response body offers: of a list, its own and those of its first items but the run's own (named with
 * its mark). */
function linksOf(body: unknown, t: Target): string[] {
  const { resultsField } = t.profile.paging;
  const { hrefField } = t.profile.links;
  if (!isObject(body) || !Array.isArray(body[resultsField])) return hrefsIn(body, hrefField);
  const { [resultsField]: results, ...rest } = body;
  const mark = `${t.profile.projects.namePrefix}${t.setup.runId}`;
  const others = (results as unknown[]).filter((item) => !JSON.stringify(item).includes(mark));
  return [...hrefsIn(rest, hrefField), ...hrefsIn(others.slice(0, itemsFollowedPerPage), hrefField)];
}

/** Whether a URL is an entity the run created, or below one: those come and go while checks judge what the crawl
 * reached, so the crawl leaves them alone. */
function ownEntity(url: URL, created: Set<string>): boolean {
  for (const path of created) if (url.pathname === path || url.pathname.startsWith(`${path}/`)) return true;
  return false;
}

/** Runs `fn` over `items`, at most `width` at a time, keeping their order. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

async function run(t: Target): Promise<Crawl> {
  const { crawl: bounds, projects } = t.profile;
  const scope = new CrawlScope(t.profile.baseUrl, t.v2(), [
    ...projects.ids,
    ...(projects.emptyProjectId ? [projects.emptyProjectId] : []),
  ]);
  const root = t.client.url(t.v2()).toString();
  const responses: Crawled[] = [];
  const cut: TargetError[] = [];
  const unreadable: TargetError[] = [];
  const seen = new Set([root]);
  const pagesSeen = new Map<string, Set<string>>();
  let left = bounds.maxRequests;
  let level = [root];
  for (let depth = 0; depth <= bounds.maxDepth && level.length > 0 && left > 0; depth++) {
    // Scope is decided only now, when every project the previous level named is known.
    const created = createdPaths(t.setup.journalFile);
    const batch = level
      .filter(
        (u) => scope.allows(new URL(u)) && !ownEntity(new URL(u), created) && withinPages(new URL(u), t, pagesSeen),
      )
      .slice(0, left);
    left -= batch.length;
    const fetched = await inBatches(batch, t.profile.concurrency, async (url) => {
      try {
        return { url, depth, res: await t.get(url) };
      } catch (e) {
        // An unreachable link leaves its response unjudged (and the rules about all responses); an unreachable
        // root leaves nothing to judge.
        if (depth === 0 || !(e instanceof TargetError)) throw e;
        cut.push(e);
        return undefined;
      }
    });
    level = [];
    for (const c of fetched) {
      if (!c) continue;
      responses.push(c);
      const body = parsedBody(c.res);
      // A success that carries no JSON object holds no entity the rules could judge where one belongs (ENT-JSON-RESPONSE
      // judges the body itself): the rules about every entity reached are left unjudged.
      if (c.res.status >= 200 && c.res.status < 300 && c.res.raw.length > 0 && !isObject(body)) {
        unreadable.push(
          new TargetError(
            body === undefined ? 'invalid-json' : 'wrong-type',
            `GET ${c.url} answered ${c.res.status} with ${body === undefined ? 'a body that is not JSON' : 'JSON that is not an object'} where an entity or a list belongs`,
            c.res.exchange,
          ),
        );
      }
      scope.learnBody(body);
      for (const href of linksOf(body, t)) {
        let next: URL;
        try {
          next = new URL(href, c.url);
        } catch {
          continue; // not a URL: LINK-ARRAY judges it
        }
        scope.learnLink(next);
        next.hash = '';
        if (!seen.has(next.toString())) {
          seen.add(next.toString());
          level.push(next.toString());
        }
      }
    }
  }
  return {
    responses,
    cut,
    unreadable,
    byUrl: new Map(responses.map((c) => [c.url, c])),
    inScope: (url) => scope.allows(url),
  };
}

/** Whether another page of a list may be fetched: at most `pagesPerList` page numbers per list path. */
function withinPages(url: URL, t: Target, pagesSeen: Map<string, Set<string>>): boolean {
  const page = url.searchParams.get(t.profile.paging.pageNumParam) ?? '1';
  const pages = pagesSeen.get(url.pathname) ?? new Set<string>();
  pagesSeen.set(url.pathname, pages);
  if (pages.has(page)) return true;
  if (pages.size >= pagesPerList) return false;
  pages.add(page);
  return true;
}

/** The run's crawl, made by the first check that asks; every check that judges it cites its exchanges. */
export async function crawl(): Promise<Crawl> {
  const c = await once('crawl', () => run(target()));
  for (const r of c.responses) cite(r.res.exchange);
  return c;
}

/** What keeps rules about every entity reached from being judged whole: links not fetched, entities not readable. */
export const entityGaps = (c: Crawl): TargetError[] => [...c.cut, ...c.unreadable];

/** A rule about things that only some accounts hold (restore jobs, BSON timestamps) found none. That is a fact of
 * the profile's projects only when the crawl reached each of them whole (a 200 for the project and no link cut
 * short); otherwise the target kept the crawl from what it should judge, and the rule is unjudged. */
export function noneReached(c: Crawl, t: Target, what: string): never {
  const served = new Set(c.responses.filter((r) => r.res.status === 200).map(crawledPath));
  const unreached = t.profile.projects.ids.filter((id) => !served.has(t.v2(`/groups/${id}`)));
  if (entityGaps(c).length === 0 && unreached.length === 0)
    skipFor('projects.ids', `the profile's projects hold no ${what}`);
  throw new TargetError(
    'nothing-judged',
    `the crawl reached no ${what}${unreached.length ? ` (it did not reach project(s) ${unreached.join(', ')})` : ''}${entityGaps(c).length ? ` (${entityGaps(c).length} link(s) could not be fetched or read)` : ''}`,
  );
}

/** Where a crawled response was read: its path, for the coverage's count of places. */
export const crawledPath = (c: Pick<Crawled, 'url'>): string => new URL(c.url).pathname;

/** Responses a rule may read again later: not those of entities the run made itself (or below them), which
 * other checks of the run delete at any time, so that a later reading could only show the suite's own writes. */
export function rereadable(t: Target, responses: readonly Crawled[]): Crawled[] {
  return responses.filter((c) => !t.creations.madeByRun(c.url));
}
