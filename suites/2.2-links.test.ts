// Spec 2.2 Links, judged on every entity the crawl reached (spec 1: the API is browsable).
import { carried, entitiesOf, parsedBody } from '../src/judges/entities.ts';
import { isObject } from '../src/judges/json-walk.ts';
import { linksProblem, relationsBesidesSelf, relationsOf, selfAtTarget, selfOutside } from '../src/judges/links.ts';
import { sameEntity, shownBy } from '../src/judges/same-entity.ts';
import { describeExchange } from '../src/judges/status.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { RuleFailure } from '../src/outcome.ts';
import { crawl, crawledPath, entityGaps, type Crawl } from '../src/probes/crawl.ts';
import { judgeAll, requireSome, throwCut, throwFirst } from '../src/harness/judge-all.ts';
import { check } from '../src/harness/check.ts';
import type { Target } from '../src/target/target.ts';

interface Reached {
  res: HttpResponse;
  url: string;
  entity: Record<string, unknown>;
  where: string;
  inList: boolean;
}

/** Every entity of every 2xx response the crawl reached: entities, lists, and the items of lists. */
function entitiesReached(c: Crawl, t: Target): Reached[] {
  return c.responses.flatMap(({ res, url }) => {
    const carries = carried(res, t.profile.paging.resultsField);
    if (!carries) return [];
    return entitiesOf(carries).map((e) => ({ res, url, ...e }));
  });
}

const placeOf = (e: Reached): string => new URL(e.url).pathname;

// "Every entity has a links field: an array of link relation objects. Each object has two fields: the relation
// name (or type), and the target URL."
check(
  'LINK-ARRAY',
  'every entity, list and list item reached has links: relation objects with a name and a URL',
  async ({ target, tally }) => {
    const c = await crawl();
    judgeAll(
      tally,
      'entity',
      entitiesReached(c, target),
      ({ res, url, entity, where }) => {
        const problem = linksProblem(entity, target.profile.links, url);
        if (problem) {
          throw new RuleFailure(`${describeExchange(res)}: ${where}: ${problem}`, {
            expected: `links: [{${target.profile.links.relField}, ${target.profile.links.hrefField}}, ...]`,
            actual: entity.links ?? null,
            exchange: res.exchange,
          });
        }
      },
      { place: placeOf, cut: entityGaps(c) },
    );
  },
);

// "When an entity is an element of a list, it carries only the self relation."
check(
  'LINK-LIST-ITEM-SELF-ONLY',
  'every item of every list page reached carries only the self relation',
  async ({ target, tally }) => {
    const c = await crawl();
    judgeAll(
      tally,
      'list item',
      entitiesReached(c, target).filter((e) => e.inList),
      ({ res, entity, where }) => {
        const others = relationsBesidesSelf(entity, target.profile.links);
        if (others && others.length > 0) {
          throw new RuleFailure(
            `${describeExchange(res)}: ${where} carries relation(s) besides self: ${others.join(', ')}`,
            {
              expected: 'only self',
              actual: entity.links,
              exchange: res.exchange,
            },
          );
        }
      },
      { place: placeOf, cut: entityGaps(c) },
    );
  },
);

// "Links are in the response body, not in HTTP response headers."
check('LINK-NOT-IN-HEADERS', 'no response reached carries a Link header', async ({ tally }) => {
  const { responses, cut } = await crawl();
  judgeAll(
    tally,
    'response',
    responses,
    ({ res }) => {
      const link = res.header('link');
      if (link !== undefined) {
        throw new RuleFailure(`${describeExchange(res)}: a Link header`, {
          expected: 'no Link header',
          actual: link,
          exchange: res.exchange,
        });
      }
    },
    { place: crawledPath, cut },
  );
});

/** Self targets fetched beyond the crawl, at most (the crawl follows most of them already). */
const extraFetches = 50;

/** The self relation's target, resolved against the URL the entity came from. */
function selfOf(t: Target, entity: Record<string, unknown>, base: string): URL | undefined {
  const self = relationsOf(entity, t.profile.links).find((r) => r.rel === 'self');
  if (!self) return undefined;
  const url = new URL(self.href, base);
  url.hash = '';
  return url;
}

/** Whether the response at the self target holds the entity: the same, or for a list item all it shows. */
function holds(t: Target, e: Reached, entity: Record<string, unknown>, at: HttpResponse): boolean {
  const own = carried(at, t.profile.paging.resultsField);
  if (!own || at.status !== 200) return false;
  return e.inList ? shownBy(entity, own.body) : sameEntity(entity, own.body);
}

/** The entity as a fresh reading of where it came from shows it now (a list item: the one with the same self). */
async function reread(t: Target, e: Reached, self: string): Promise<Record<string, unknown> | undefined> {
  const now = carried(await t.get(e.url), t.profile.paging.resultsField);
  if (!now || !e.inList) return now?.body;
  if (now.kind !== 'list') return undefined;
  return now.items.find((i): i is Record<string, unknown> => {
    const link = isObject(i) ? selfOf(t, i, e.url) : undefined;
    return link !== undefined && selfAtTarget(link, t.profile.baseUrl) === self;
  });
}

// "Every entity has at least the relation self, whose target is the entity's own URL." Fetching it must give the
// same entity (a list item may show fewer fields than the entity: what it shows must match).
check(
  'LINK-SELF',
  'every entity reached has a self relation; fetching it gives the same entity',
  async ({ target, tally }) => {
    const c = await crawl();
    const reached = entitiesReached(c, target);
    const failures: RuleFailure[] = [];
    let extra = 0;
    for (const e of reached) {
      const link = selfOf(target, e.entity, e.url);
      tally.judged('entity', 1, placeOf(e));
      if (!link) {
        failures.push(
          new RuleFailure(`${describeExchange(e.res)}: ${e.where} has no self relation`, {
            expected: 'a self relation',
            actual: e.entity.links ?? null,
            exchange: e.res.exchange,
          }),
        );
        continue;
      }
      // Every entity the crawl reached was read under the versioned API: its own URL is there too.
      const away = selfOutside(link, target.profile.baseUrl, target.v2());
      if (away) {
        failures.push(
          new RuleFailure(
            `${describeExchange(e.res)}: the self relation of ${e.where} points outside the target: ${away}`,
            {
              expected: `a URL whose path is under ${target.v2()}`,
              actual: link.toString(),
              exchange: e.res.exchange,
            },
          ),
        );
        continue;
      }
      // The path and query name the entity; the suite reads them at the profile's address.
      const self = selfAtTarget(link, target.profile.baseUrl);
      if (!e.inList && self === e.url) continue; // read from its own URL
      // Entities the run made are deleted by other checks at any time: a later reading would show the suite's writes.
      if (!c.inScope(new URL(self)) || target.creations.madeByRun(self)) continue;
      let at = c.byUrl.get(self)?.res;
      if (!at) {
        if (extra >= extraFetches) continue;
        extra++;
        at = await target.get(self);
      }
      tally.judged('followed self link', 1, new URL(self).pathname);
      if (holds(target, e, e.entity, at)) continue;
      // The entity may have changed since the crawl read it (other checks write): judge a fresh pair, read while the
      // suite's own writes are held back (src/target/write-gate.ts).
      const fresh = await target.writes.quietly(async () => {
        const now = await reread(target, e, self);
        return now && { now, atNow: await target.get(self) };
      });
      if (!fresh) continue;
      const { now, atNow } = fresh;
      if (!holds(target, e, now, atNow)) {
        failures.push(
          new RuleFailure(
            `${describeExchange(atNow)}: the self relation of ${e.where} of ${e.url} does not lead to the same entity`,
            {
              expected: now,
              actual: parsedBody(atNow) ?? `status ${atNow.status}`,
              exchange: atNow.exchange,
            },
          ),
        );
      }
    }
    throwFirst(failures, reached.length);
    throwCut(entityGaps(c));
    requireSome(reached, 'entity');
  },
);
