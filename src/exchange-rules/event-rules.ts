// Spec 6 "Audit events of variant NDS Audits carry the property eventTypeName", judged on every 2xx answer of the run
// that carries events of a project or an organization: every page, every window of dates, every project, an event
// read alone, whichever check asked.
import { judgeNdsAuditEvents } from '../judges/nds-audit-events.ts';
import { describeExchange } from '../judges/status.ts';
import { carriedBy, pathBelowBase } from './answer.ts';
import { bodiedSuccess, broken, held, notJudged, type ExchangeRule } from './rule.ts';

/** The events of a project or an organization, or one of them. */
const eventsPath = /^\/(groups|orgs)\/[^/]+\/events(\/[^/]+)?\/?$/;

export const eventRules: ExchangeRule[] = [
  {
    rule: 'EVT-EVENT-TYPE-NAME',
    title: 'every NDS Audits event of every 2xx answer of the run carries eventTypeName',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      if (!eventsPath.test(pathBelowBase(ctx, a))) return notJudged('not the events resource');
      const c = carriedBy(ctx, a);
      if (typeof c === 'string') return notJudged(c);
      const events = c.kind === 'list' ? c.items : [c.body];
      const { judged, without } = judgeNdsAuditEvents(events, ctx.ndsAuditTypes);
      if (judged === 0) return notJudged('no event of the NDS Audits variant');
      const first = without[0];
      if (!first) return held;
      const where = c.kind === 'list' ? `result item ${first.item}` : 'the event';
      return broken(
        `${describeExchange(a.res)}: ${where}, of the NDS Audits variant, carries no eventTypeName`,
        'eventTypeName on every event of the NDS Audits variant',
        first.event,
      );
    },
  },
];
