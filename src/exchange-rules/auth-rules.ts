// Spec 5: "API keys are used as a public key and private key pair with HTTP Digest authentication", and "Missing
// authentication ...: 401": every 401 of the run to a request that carried no credentials, whichever check sent it
// (any method, either generation, HEAD included), challenges with Digest. A 401 to credentials that were sent may be
// to wrong ones or to a caller not allowed to reach the resource, which one answer does not tell apart: the planned
// checks judge those.
import { sentCredentials } from '../exchange.ts';
import { expectDigestChallenge } from '../judges/digest-challenge.ts';
import { byJudge, notJudged, type ExchangeRule } from './rule.ts';

export const authRules: ExchangeRule[] = [
  {
    rule: 'AUTH-DIGEST-CHALLENGE',
    title: 'every 401 of the run to a request without credentials carries a Digest challenge a client can answer',
    appliesTo: { statuses: ['4xx'], tooManyRequests: false, body: 'any' },
    judge: (ctx, a) => {
      if (a.res.status !== 401) return notJudged('not a 401');
      if (!ctx.credentialsRecorded) return notJudged('the records show no credentials of any request');
      if (sentCredentials(a.res.exchange.request)) return notJudged('credentials were sent');
      return byJudge(() => expectDigestChallenge(a.res, 'the 401 to a request without credentials'));
    },
  },
];
