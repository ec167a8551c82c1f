// Spec 2.1, judged on every answer of the run: "All entities are JSON.", "Responses have extraneous whitespace
// stripped. With query parameter pretty=true on any request, the JSON is pretty-printed.", no field is null ("A
// field with no sensible default is omitted from the entity."), and "a field holding a number in a particular unit
// has a name that makes the unit unambiguous" (judged by name, src/judges/units.ts).
import { checkJsonResponse } from '../judges/media-type.ts';
import { checkNoNullFields } from '../judges/nulls.ts';
import { checkCompact, checkIndented } from '../judges/whitespace.ts';
import { byJudge, notJudged, type ExchangeRule } from './rule.ts';
import { checkUnitsNamed, unitReading } from '../judges/units.ts';
import { carriedBy } from './answer.ts';

export const formatRules: ExchangeRule[] = [
  {
    rule: 'ENT-JSON-RESPONSE',
    title: 'every answer of the run with a body (2xx, 4xx but 429) is JSON under a JSON media type',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'present' },
    judge: (_ctx, a) => byJudge(() => checkJsonResponse(a.res)),
  },
  {
    rule: 'ENT-NO-NULL-FIELDS',
    title: 'no field of any 2xx JSON answer of the run is null',
    appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'present' },
    judge: (_ctx, a) =>
      a.body === undefined ? notJudged('the body is not JSON') : byJudge(() => checkNoNullFields(a.res, a.body)),
  },
  {
    rule: 'ENT-COMPACT-WHITESPACE',
    title: 'every JSON answer of the run to a request without pretty=true has no whitespace between its tokens',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'present', pretty: false },
    judge: (_ctx, a) => (a.body === undefined ? notJudged('the body is not JSON') : byJudge(() => checkCompact(a.res))),
  },
  {
    rule: 'ENT-PRETTY',
    title: 'every JSON answer of the run (2xx, 4xx but 429) to a request with pretty=true spans indented lines',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'present', pretty: true },
    judge: (_ctx, a) =>
      a.body === undefined ? notJudged('the body is not JSON') : byJudge(() => checkIndented(a.res, a.body)),
  },
  {
    rule: 'ENT-UNIT-IN-NAME',
    title: 'every numeric field of every entity and list of the run that measures a size or a time names its unit',
    appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'present' },
    judge: (ctx, a) => {
      const c = carriedBy(ctx, a);
      if (typeof c === 'string') return notJudged(c);
      const reading = unitReading(c.body);
      if (reading.numeric === 0) return notJudged('no numeric field');
      return byJudge(() => checkUnitsNamed(a.res, reading));
    },
  },
];
