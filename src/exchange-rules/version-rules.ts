// Spec 9.2: the real service names, in a versioned answer's Content-Type, the version it served (the spec does not
// state the response's media type: an INFO rule). Judged on every 2xx answer with a body of the run to a /v2 request
// whose Accept named a version: the version named is not later than the one asked for.
import type { HttpResponse } from '../http/messages.ts';
import { checkNamesVersion, versionedMediaType } from '../judges/versioned-media.ts';
import { byJudge, notJudged, type ExchangeRule } from './rule.ts';

/** The version a request's Accept asked of this vendor, or undefined. */
function askedVersion(res: HttpResponse, vendor: string): string | undefined {
  const headers = res.exchange.request.headers;
  const accept = Object.entries(headers).find(([k]) => k.toLowerCase() === 'accept')?.[1] ?? '';
  return accept
    .split(',')
    .map((t) => versionedMediaType(t))
    .find((m) => m?.vendor === vendor.toLowerCase())?.date;
}

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
];
