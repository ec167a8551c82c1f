// HEAD then GET of a path on one raw kept-alive connection, authenticated as the owner and counted by the rate
// scheduler like any request: one Digest challenge answered with a rising nonce count, or the bearer token.
import { expectDigestChallenge } from '../judges/digest-challenge.ts';
import { headThenGet, answerHead, type HeadThenGet } from '../http/head-then-get.ts';
import { digestAnswer } from '../http/digest-answers.ts';
import { credential } from '../target/credentials.ts';
import type { Target } from '../target/target.ts';

/** HEAD then GET of a path, asking for `accept` (the versioned media type of the profile's default version unless
 * told: plain JSON under /v1.0). */
export type RawHead = (path: string, accept?: string) => Promise<HeadThenGet>;

/** A prober of paths (whole paths below the origin), sending one at a time. */
export async function rawHeadProber(t: Target): Promise<RawHead> {
  const owner = credential(t, 'owner');
  let authorize: (method: string, uri: string) => string;
  if (owner.token !== undefined) {
    authorize = () => `Bearer ${owner.token}`;
  } else {
    // The project list answers the challenge outside any project's rate budget.
    const challenge = expectDigestChallenge(
      await t.get(t.v2('/groups'), { as: null }),
      'a request without authentication is challenged',
    );
    let nc = 0;
    authorize = (method, uri) =>
      digestAnswer(challenge, { publicKey: owner.publicKey!, privateKey: owner.privateKey! }, method, uri, ++nc);
  }
  const o = t.client.options;
  return async (path, accept = t.mediaType(t.profile.versions.default)) => {
    const url = t.client.url(path);
    const uri = url.pathname + url.search;
    const tickets = [await o.scheduler?.acquire(url), await o.scheduler?.acquire(url)];
    const sentAt = Date.now();
    const r = await headThenGet(
      {
        url,
        head: { accept, authorization: authorize('HEAD', uri) },
        get: { accept, authorization: authorize('GET', uri) },
      },
      { ca: o.ca, insecure: o.insecure, timeoutMs: o.requestTimeoutMs, localAddress: owner.localAddress },
    );
    const answered = { sentAt, receivedAt: Date.now() };
    o.scheduler?.observe(tickets[0], { ...answered, status: answerHead(r.headLines).status });
    o.scheduler?.observe(tickets[1], { ...answered, status: answerHead(r.getLines).status });
    return r;
  };
}
