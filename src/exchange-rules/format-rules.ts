// Spec 2.1, judged on every answer of the run: "All entities are JSON.", "Responses have extraneous whitespace
// stripped. With query parameter pretty=true on any request, the JSON is pretty-printed.", no field is null ("A
// field with no sensible default is omitted from the entity."), and "a field holding a number in a particular unit
// has a name that makes the unit unambiguous" (judged by name, src/judges/units.ts). And "For POST and PUT the request
// header Content-Type: application/json is required" (9.2 gives a /v2 PATCH the same): every such write of the run or
// of an archive that carried a body under another type, or none, is refused.
import { checkJsonResponse, isJsonMediaType, jsonContentTypeRequired } from '../judges/media-type.ts';
import { describeExchange } from '../judges/status.ts';
import { checkNoNullFields } from '../judges/nulls.ts';
import { checkCompact, checkIndented } from '../judges/whitespace.ts';
import { beforeTheBody, broken, byJudge, held, notJudged, type ExchangeRule, type Verdict } from './rule.ts';
import { checkUnitsNamed, unitReading } from '../judges/units.ts';
import { carriedBy, sentHeader, type Answer } from './answer.ts';

/** A write that needs the JSON Content-Type, sent with a body under another type or none, is refused: a 2xx took it.
 * A refusal that may come before the body is read says nothing of its type. */
function nonJsonRefused(a: Answer): Verdict {
  if (!a.generation || !jsonContentTypeRequired(a.method, a.generation))
    return notJudged('not a write that needs the JSON Content-Type');
  const body = a.res.exchange.request.body;
  if (body === undefined || body === '') return notJudged('no body sent');
  const type = sentHeader(a.res, 'content-type');
  if (isJsonMediaType(type)) return notJudged('sent as JSON');
  const status = a.res.status;
  if (beforeTheBody.has(status)) return notJudged(`a ${status}, which may come before the body is read`);
  if (status >= 400) return held;
  return broken(
    `${describeExchange(a.res)}: a ${a.method} with Content-Type ${JSON.stringify(type || '(none)')} was accepted`,
    'a 4xx',
    status,
  );
}

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
  {
    rule: 'ENT-CONTENT-TYPE-REQUIRED',
    title:
      'every POST or PUT of the run, and /v2 PATCH, that carried a body under a Content-Type that is not JSON, or none, is refused (4xx)',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'any' },
    judge: (_ctx, a) => nonJsonRefused(a),
  },
];
