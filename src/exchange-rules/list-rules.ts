// Spec 2.3 "The response entity has three fields: the total number of items in the whole result set, results (array
// of entity documents), and links (one to three link relations)", judged on every 2xx answer of the run that carries
// a list, whichever check asked: every page size, page, window of dates, envelope and generation. The total count is
// judged where the request switched the count on; the spec leaves its default unstated. And "a switch that controls
// whether the response carries the total count": every list asked for with the count switched off carries none (as
// the profile's paging.countOffValue says a switched-off count is shown).
import { checkCountOff, checkListShape } from '../judges/list.ts';
import { carriedBy } from './answer.ts';
import { bodiedSuccess, byJudge, notJudged, type ExchangeRule } from './rule.ts';

export const listRules: ExchangeRule[] = [
  {
    rule: 'LIST-SHAPE',
    title:
      'every list of every 2xx answer of the run has results and one to three links, and the total count where the count was switched on',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      const c = carriedBy(ctx, a);
      if (typeof c === 'string') return notJudged(c);
      if (c.kind !== 'list') return notJudged('not a list');
      const counted = a.url.searchParams.get(ctx.paging.includeCountParam) === 'true';
      return byJudge(() => checkListShape(a.res, ctx, counted));
    },
  },
  {
    rule: 'LIST-INCLUDE-COUNT',
    title: 'every list of every 2xx answer of the run asked for with the count switched off carries no total count',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      if (a.url.searchParams.get(ctx.paging.includeCountParam) !== 'false')
        return notJudged('the count not switched off');
      const c = carriedBy(ctx, a);
      if (typeof c === 'string') return notJudged(c);
      if (c.kind !== 'list') return notJudged('not a list');
      return byJudge(() => checkCountOff(a.res, ctx.paging));
    },
  },
];
