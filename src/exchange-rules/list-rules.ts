// Spec 2.3 "The response entity has three fields: the total number of items in the whole result set, results (array
// of entity documents), and links (one to three link relations)", judged on every 2xx answer of the run that carries
// a list, whichever check asked: every page size, page, window of dates, envelope and generation. The total count is
// judged where the request switched the count on; the spec leaves its default unstated. And "a switch that controls
// whether the response carries the total count": every list asked for with the count switched off carries none (as
// the profile's paging.countOffValue says a switched-off count is shown). And "items per page (maximum 500)": no page
// of the run holds more, whatever page size it was asked for, or none.
import { checkCountOff, checkListShape } from '../judges/list.ts';
import { checkAtMost } from '../judges/list-paging.ts';
import { carriedBy, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { bodiedSuccess, byJudge, notJudged, type ExchangeRule, type Verdict } from './rule.ts';

/** `judge` of the items of the list an answer carries; not judged where it carries none. */
function ofList(ctx: ExchangeContext, a: Answer, judge: (items: unknown[]) => void): Verdict {
  const c = carriedBy(ctx, a);
  if (typeof c === 'string') return notJudged(c);
  if (c.kind !== 'list') return notJudged('not a list');
  return byJudge(() => judge(c.items));
}

export const listRules: ExchangeRule[] = [
  {
    rule: 'LIST-SHAPE',
    title:
      'every list of every 2xx answer of the run has results and one to three links, and the total count where the count was switched on',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      const counted = a.url.searchParams.get(ctx.paging.includeCountParam) === 'true';
      return ofList(ctx, a, () => checkListShape(a.res, ctx, counted));
    },
  },
  {
    rule: 'LIST-INCLUDE-COUNT',
    title: 'every list of every 2xx answer of the run asked for with the count switched off carries no total count',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      if (a.url.searchParams.get(ctx.paging.includeCountParam) !== 'false')
        return notJudged('the count not switched off');
      return ofList(ctx, a, () => checkCountOff(a.res, ctx.paging));
    },
  },
  {
    rule: 'LIST-MAX-500',
    title:
      'every page of every 2xx answer of the run holds at most the maximum page size, whatever size it was asked for, or none',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => ofList(ctx, a, (items) => checkAtMost(a.res, items, ctx.paging.maxItemsPerPage)),
  },
];
