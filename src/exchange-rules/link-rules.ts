// Spec 2.2, judged on every answer of the run: "Every entity has a links field", "Every entity has at least the
// relation self, whose target is the entity's own URL", "When an entity is an element of a list, it carries only the
// self relation", "Links are in the response body, not in HTTP response headers."
import { isObject } from '../judges/json-walk.ts';
import { linksProblem, relationsBesidesSelf, relationsOf, selfOutside } from '../judges/links.ts';
import { describeExchange } from '../judges/status.ts';
import { decodeSegment } from '../target/scope.ts';
import { apiBase, carriedBy, entitiesIn, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { broken, held, notJudged, type ExchangeRule, type Verdict } from './rule.ts';

const segments = (path: string) => path.replace(/\/$/, '').split('/').map(decodeSegment);

/** The self relation of one entity of an answer, judged: present, inside the API, and for the entity a GET read
 * the URL it was read at (unless read through an alias, a path of another depth: `/groups/byName/{name}`). */
function judgeSelf(
  ctx: ExchangeContext,
  a: Answer,
  entity: Record<string, unknown>,
  where: string,
  inList: boolean,
): Verdict | undefined {
  const self = relationsOf(entity, ctx.links).find((r) => r.rel === 'self');
  if (!self)
    return broken(`${describeExchange(a.res)}: ${where} has no self relation`, 'a self relation', entity.links ?? null);
  const url = new URL(self.href, a.url);
  // Read under /v2, its own URL is there; under /v1.0 either generation is the API's.
  const bases = a.generation === 'v2' ? [apiBase(ctx, 'v2')] : [apiBase(ctx, 'v1.0'), apiBase(ctx, 'v2')];
  const away = bases.map((b) => selfOutside(url, ctx.baseUrl, b));
  if (away.every((w) => w !== undefined))
    return broken(
      `${describeExchange(a.res)}: the self relation of ${where} points outside the target: ${away[0]}`,
      `a URL under ${new URL(bases[0]!, ctx.baseUrl).toString()}`,
      self.href,
    );
  if (a.method !== 'GET' || inList) return undefined;
  const own = segments(url.pathname);
  const read = segments(a.url.pathname);
  if (own.length === read.length && own.join('/') !== read.join('/'))
    return broken(
      `${describeExchange(a.res)}: the self relation of ${where} is not the URL it was read at`,
      a.url.pathname,
      url.pathname,
    );
  return undefined;
}

export const linkRules: ExchangeRule[] = [
  {
    rule: 'LINK-ARRAY',
    title:
      'every entity, list and list item of every 2xx answer of the run has links: relation objects with a name and a URL',
    appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'present' },
    judge: (ctx, a) => {
      const entities = entitiesIn(ctx, a);
      if (typeof entities === 'string') return notJudged(entities);
      for (const { entity, where } of entities) {
        const problem = linksProblem(entity, ctx.links, a.url.toString());
        if (problem)
          return broken(
            `${describeExchange(a.res)}: ${where}: ${problem}`,
            `links: [{${ctx.links.relField}, ${ctx.links.hrefField}}, ...]`,
            entity.links ?? null,
          );
      }
      return held;
    },
  },
  {
    rule: 'LINK-SELF',
    title:
      'every entity, list and list item of every 2xx answer of the run has a self relation inside the API; an entity read with GET names the URL read',
    appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'present' },
    judge: (ctx, a) => {
      const entities = entitiesIn(ctx, a);
      if (typeof entities === 'string') return notJudged(entities);
      for (const { entity, where, inList } of entities) {
        const verdict = judgeSelf(ctx, a, entity, where, inList);
        if (verdict) return verdict;
      }
      return held;
    },
  },
  {
    rule: 'LINK-LIST-ITEM-SELF-ONLY',
    title: 'every item of every list of every 2xx answer of the run carries only the self relation',
    appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'present' },
    judge: (ctx, a) => {
      const carried = carriedBy(ctx, a);
      if (typeof carried === 'string') return notJudged(carried);
      if (carried.kind !== 'list') return notJudged('not a list');
      if (carried.items.length === 0) return notJudged('no list item');
      for (const [i, item] of carried.items.entries()) {
        const others = isObject(item) ? relationsBesidesSelf(item, ctx.links) : undefined;
        if (others && others.length > 0)
          return broken(
            `${describeExchange(a.res)}: item ${i} carries relation(s) besides self: ${others.join(', ')}`,
            'only self',
            (item as Record<string, unknown>).links,
          );
      }
      return held;
    },
  },
  {
    rule: 'LINK-NOT-IN-HEADERS',
    title: 'no answer of the run (HEAD, 429 and errors included) carries a Link header',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: true, body: 'any' },
    judge: (_ctx, a) => {
      const link = a.res.header('link');
      return link === undefined ? held : broken(`${describeExchange(a.res)}: a Link header`, 'no Link header', link);
    },
  },
];
