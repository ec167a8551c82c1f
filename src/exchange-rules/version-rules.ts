// Spec 9.2: the real service names, in a versioned answer's Content-Type, the version it served (the spec does not
// state the response's media type: an INFO rule). Judged on every 2xx answer with a body of the run to a /v2 request
// whose Accept named a version: the version named is not later than the one asked for. And "Content-Type | POST, PUT,
// PATCH | either application/json or application/vnd.platform.<yyyy-mm-dd>+json": no /v2 write of the run sent under
// either is refused as an unsupported media type.
import { essenceOf } from '../judges/media-type.ts';
import { describeExchange } from '../judges/status.ts';
import { checkNamesVersion, namedVersion } from '../judges/versioned-media.ts';
import { askedVersion, sentHeader } from './answer.ts';
import { broken, byJudge, held, notJudged, type ExchangeRule } from './rule.ts';

const writes = ['POST', 'PUT', 'PATCH'];

export const versionRules: ExchangeRule[] = [
  {
    rule: 'VER-RESPONSE-NAMES-VERSION',
    title: 'every 2xx answer of the run with a body to a /v2 request asking a version names a version not later',
    appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'present' },
    judge: (ctx, a) => {
      if (a.generation !== 'v2') return notJudged('not the versioned API');
      const asked = askedVersion(a.res, ctx.vendor);
      if (asked === undefined) return notJudged('no version asked');
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
];
