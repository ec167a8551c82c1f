// Spec 9.2: the real service names, in a versioned answer's Content-Type, the version it served (the spec does not
// state the response's media type: an INFO rule). Judged on every 2xx answer with a body of the run to a /v2 request
// whose Accept named a version: the version named is not later than the one asked for. And "Content-Type | POST, PUT,
// PATCH | either application/json or application/vnd.platform.<yyyy-mm-dd>+json": no /v2 write of the run sent under
// either is refused as an unsupported media type. Spec 3, "requests to the deleted version are no longer served", and
// 9.2, a version is a date the resource has: every /v2 request of the run, of any method, whose Accept names a deleted
// version, or a date that names none (not a calendar date, before every version, or one the profile does not list
// where it says such dates are refused), or no version at all where the profile says such requests are refused, is a
// 4xx with the error body. The versions an operation serves: served-version-rules.ts.
import { essenceOf } from '../judges/media-type.ts';
import { describeExchange } from '../judges/status.ts';
import { checkNamesVersion, namedVersion } from '../judges/versioned-media.ts';
import { expectErrorWithBody } from '../judges/error-reply.ts';
import { askedVersion, errorView, sentHeader, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { broken, byJudge, held, notJudged, type ExchangeRule, type Verdict } from './rule.ts';

const writes = ['POST', 'PUT', 'PATCH'];

/** The version a /v2 request's Accept asked, or why its answer is not judged. */
export function versionAsked(ctx: ExchangeContext, a: Answer): string | Verdict {
  if (a.generation !== 'v2') return notJudged('not the versioned API');
  return askedVersion(a.res, ctx.vendor) ?? notJudged('no version asked');
}

/** Whether a yyyy-mm-dd date is one of the calendar (not February 31). */
function isCalendarDate(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
}

/** What a version asked is, where it is a version the target does not serve, or why its answer is not judged. */
type Unserved = { what: string } | { not: string };

/** The version a request's Accept names, where it is no version the target has. */
function unknownVersion(ctx: ExchangeContext, asked: string): Unserved {
  const unknown = (why: string) => ({ what: `${asked} (${why})` });
  if (ctx.knownVersions.has(asked)) return { not: "a version the profile or the target's document knows" };
  if (!isCalendarDate(asked)) return unknown('not a calendar date');
  if (asked < [...ctx.knownVersions].sort()[0]!) return unknown('a date before every version');
  if (ctx.unlistedDates === 'refused')
    return unknown('a date the profile does not list (versions.unlistedDates: refused)');
  return { not: 'a date the profile does not list, served as the newest version not later (versions.unlistedDates)' };
}

/** What a /v2 request whose Accept names no version of the vendor asked: none, a type that is not versioned, or a
 * versioned one spelt otherwise. Refused where the profile says so (versions.otherAccept: 9.2 says what a client
 * sends, not what the target does with anything else); the document the profile names is read as plain JSON. */
function noVersion(ctx: ExchangeContext, a: Answer): Unserved {
  if (a.url.pathname === ctx.documentPath) return { not: 'the OpenAPI document the profile names (surface.openapi)' };
  if (ctx.otherAccept === 'served')
    return { not: 'no version asked, which the profile says is served (versions.otherAccept: served)' };
  const accept = sentHeader(a.res, 'accept');
  return { what: `no version (${accept ? `Accept: ${accept}` : 'no Accept'})` };
}

/** A request asking `what` (the version named, and why it names none the target serves) is not served: a 4xx with the
 * error body, a HEAD's without (it has none). A 2xx served it. A 401 or 403 refuses the caller, which a target may do
 * before it reads the version: it shows nothing of the version's refusal. */
function refused(ctx: ExchangeContext, a: Answer, what: string): Verdict {
  if (a.res.status === 401 || a.res.status === 403)
    return notJudged(`a ${a.res.status}, which refuses the caller whatever the version`);
  const asked = `${a.method} ${a.url.pathname} asking ${what}`;
  if (a.res.status < 300)
    return broken(`${describeExchange(a.res)}: ${asked} is served`, '4xx with the error body', a.res.status);
  if (a.method === 'HEAD') return held;
  if (!a.hasBody)
    return broken(`${describeExchange(a.res)}: ${asked} is refused without the error body`, 'an error body', 'no body');
  return byJudge(() => expectErrorWithBody(errorView(ctx, a), `${asked} is not served`));
}

/** The rule that every /v2 request whose Accept asks what `unserved` says the target does not serve (a version, or
 * none: `asked` undefined) is not served, judged on every answer, HEAD's too: 2xx (served, which breaks it) and 4xx. */
const refusedVersion = (
  rule: string,
  title: string,
  unserved: (ctx: ExchangeContext, a: Answer, asked: string | undefined) => Unserved,
): ExchangeRule => ({
  rule,
  title,
  appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'any' },
  judge: (ctx, a) => {
    if (a.generation !== 'v2') return notJudged('not the versioned API');
    const named = unserved(ctx, a, askedVersion(a.res, ctx.vendor));
    return 'not' in named ? notJudged(named.not) : refused(ctx, a, named.what);
  },
});

export const versionRules: ExchangeRule[] = [
  {
    rule: 'VER-RESPONSE-NAMES-VERSION',
    title: 'every 2xx answer of the run with a body to a /v2 request asking a version names a version not later',
    appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'present' },
    judge: (ctx, a) => {
      const asked = versionAsked(ctx, a);
      if (typeof asked !== 'string') return asked;
      return byJudge(() =>
        checkNamesVersion(
          a.res,
          ctx.vendor,
          (named) => named <= asked,
          `application/vnd.${ctx.vendor}.<a version not later than ${asked}>+json`,
        ),
      );
    },
  },
  {
    rule: 'VER-CONTENT-TYPE-BOTH',
    title:
      'no /v2 POST, PUT or PATCH of the run sent as application/json or as the versioned media type is refused as an unsupported media type (415)',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'any' },
    judge: (ctx, a) => {
      if (a.generation !== 'v2' || !writes.includes(a.method)) return notJudged('not a write to the versioned API');
      const type = sentHeader(a.res, 'content-type');
      const named = namedVersion(type, ctx.vendor);
      if (essenceOf(type) !== 'application/json' && named === undefined)
        return notJudged('sent under another Content-Type');
      // A date the profile does not say is served (deleted, or unknown) may rightly be refused, with any 4xx.
      if (named !== undefined && !ctx.servedVersions.includes(named))
        return notJudged('sent under a version the profile does not say is served');
      return a.res.status === 415
        ? broken(
            `${describeExchange(a.res)}: a ${a.method} sent as ${type} is refused as an unsupported media type`,
            'application/json and the versioned media type taken',
            { status: 415, contentType: type },
          )
        : held;
    },
  },
  refusedVersion(
    'VER-DELETED-REFUSED',
    'every /v2 request of the run, of any method, whose Accept names a deleted version is a 4xx with the error body',
    (ctx, _, asked) =>
      asked !== undefined && ctx.deletedVersions.includes(asked)
        ? { what: `the deleted version ${asked}` }
        : { not: 'no deleted version asked' },
  ),
  refusedVersion(
    'VER-UNKNOWN-REFUSED',
    'every /v2 request of the run, of any method, whose Accept names a date that is no version (not a calendar date, before every version, or unlisted where the profile says such are refused), or no version at all (none, application/json, */*, a versioned type spelt otherwise) where the profile says such are refused (versions.otherAccept), is a 4xx with the error body',
    (ctx, a, asked) => (asked === undefined ? noVersion(ctx, a) : unknownVersion(ctx, asked)),
  ),
];
