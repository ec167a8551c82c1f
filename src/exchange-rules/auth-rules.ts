// Spec 5: "API keys are used as a public key and private key pair with HTTP Digest authentication", and "Missing
// authentication ...: 401": every answer of the run to a request that carried no credentials, whichever check sent it
// (any method, either generation, HEAD included, a Digest handshake's first request too), is a 401 that challenges
// with Digest. A path the profile or the target's document says is served without authentication is left out (every
// path, where the profile names a document that could not be read), and so is an OPTIONS request, which a browser's
// CORS preflight sends without credentials (an archive a proxy records holds them). A 401 to credentials that were
// sent may be to wrong ones or to a caller not allowed to reach the resource, which one answer does not tell apart:
// the planned checks judge those. "A private key sent in the clear" is not accepted: every answer of the run to a
// request with Basic authentication, a path served without authentication aside, is a 4xx.
import { sentCredentials } from '../exchange.ts';
import { expectDigestChallenge } from '../judges/digest-challenge.ts';
import { describeExchange } from '../judges/status.ts';
import { matchTemplate } from '../probes/path-template.ts';
import { pathBelowBase, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { broken, byJudge, held, leftUnjudged, notJudged, type Verdict, type ExchangeRule } from './rule.ts';

/** Why an answer says nothing of a request without authentication, or undefined when it does: not the rules' subject,
 * or one they cannot judge (a document the profile names, unread, may serve the path to anyone). */
function notUnauthenticated(ctx: ExchangeContext, a: Answer): Verdict | undefined {
  if (!ctx.credentialsRecorded) return notJudged('the records show no credentials of any request');
  // A browser's CORS preflight never carries credentials (the Fetch standard): no request of the API's.
  if (a.method === 'OPTIONS') return notJudged('an OPTIONS request, which a CORS preflight sends without credentials');
  if (sentCredentials(a.res.exchange.request)) return notJudged('credentials were sent');
  return servedToAnyone(ctx, a);
}

/** Why an answer's path may be served without authentication, whatever credentials came: the profile or the target's
 * document says so, or a document the profile names, unread, may. Undefined where it needs authentication. */
function servedToAnyone(ctx: ExchangeContext, a: Answer): Verdict | undefined {
  const path = pathBelowBase(ctx, a);
  if (ctx.unauthenticated.some((t) => matchTemplate(t, path))) return notJudged('a path served without authentication');
  if (ctx.documentUnread)
    return leftUnjudged("the target's document, which may serve the path without authentication, was not read");
  return undefined;
}

function refusedAsUnauthenticated(ctx: ExchangeContext, a: Answer): Verdict {
  const not = notUnauthenticated(ctx, a);
  if (not) return not;
  if (a.res.status === 401) return held;
  return broken(`${describeExchange(a.res)}: a request without credentials is not refused with 401`, 401, a.res.status);
}

/** Whether a request carried Basic authentication (its scheme stays in the record, its secret does not). */
const sentBasic = (a: Answer): boolean =>
  Object.entries(a.res.exchange.request.headers).some(
    ([name, value]) => name.toLowerCase() === 'authorization' && /^basic\s/i.test(value),
  );

function cleartextRefused(ctx: ExchangeContext, a: Answer): Verdict {
  if (!sentBasic(a)) return notJudged('no Basic authentication sent');
  const open = servedToAnyone(ctx, a);
  if (open) return open;
  if (a.res.status >= 400) return held;
  return broken(
    `${describeExchange(a.res)}: a request carrying its key in the clear (Basic authentication) is accepted`,
    'a 4xx',
    a.res.status,
  );
}

export const authRules: ExchangeRule[] = [
  {
    rule: 'AUTH-DIGEST-CHALLENGE',
    title: 'every 401 of the run to a request without credentials carries a Digest challenge a client can answer',
    appliesTo: { statuses: ['4xx'], tooManyRequests: false, body: 'any' },
    judge: (ctx, a) => {
      if (a.res.status !== 401) return notJudged('not a 401');
      const not = notUnauthenticated(ctx, a);
      if (not) return not;
      return byJudge(() => expectDigestChallenge(a.res, 'the 401 to a request without credentials'));
    },
  },
  {
    rule: 'AUTH-MISSING-401',
    title: 'every answer of the run to a request without credentials (any method, either generation) is a 401',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'any' },
    judge: refusedAsUnauthenticated,
  },
  {
    rule: 'AUTH-NO-CLEARTEXT',
    title:
      'every answer of the run to a request with Basic authentication (a path served without authentication aside) is a 4xx',
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'any' },
    judge: cleartextRefused,
  },
];
