// Spec 4.1: "HEAD | Return the response headers without the JSON body", judged against GET of the same resource.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { answerHead, type AnswerHead, type HeadThenGet } from '../http/head-then-get.ts';
import type { Exchange } from '../exchange.ts';
import { describeExchange } from './status.ts';

/** Headers that describe the representation (its media type, the version's lifecycle), not the moment it was sent. */
const representationHeaders = ['content-type', 'deprecation', 'sunset'];

/** METH-HEAD: HEAD's status and representation headers (where GET's answer has them) are GET's. `what` opens a
 * failure's message, `gets` names the GET answer in it; `exchange` is the HEAD's, where the client read it. */
function expectHeadLikeGet(
  head: Pick<AnswerHead, 'status' | 'header'>,
  get: Pick<AnswerHead, 'status' | 'header'>,
  what: string,
  gets: string,
  exchange?: Exchange,
): void {
  const evidence = exchange ? { exchange } : {};
  if (head.status !== get.status) {
    throw new RuleFailure(`${what}: HEAD's status differs from ${gets} (${get.status})`, {
      expected: get.status,
      actual: head.status,
      ...evidence,
    });
  }
  const differing = representationHeaders.filter(
    (h) => get.header(h) !== undefined && head.header(h) !== get.header(h),
  );
  if (differing.length === 0) return;
  throw new RuleFailure(
    `${what}: HEAD's ${differing.join(', ')} ${differing.length === 1 ? 'differs' : 'differ'} from ${gets}`,
    {
      expected: Object.fromEntries(differing.map((h) => [h, get.header(h)])),
      actual: Object.fromEntries(differing.map((h) => [h, head.header(h) ?? 'missing'])),
      ...evidence,
    },
  );
}

/** METH-HEAD: GET's status, GET's representation headers, and no body. */
export function checkHeadMatchesGet(head: HttpResponse, get: HttpResponse): void {
  expectHeadLikeGet(head, get, describeExchange(head), "GET's", head.exchange);
  if (head.raw.length > 0) {
    throw new RuleFailure(`${describeExchange(head)}: HEAD answered with a body of ${head.raw.length} bytes`, {
      expected: 'no body',
      actual: `${head.raw.length} bytes`,
      exchange: head.exchange,
    });
  }
}

/** METH-HEAD on the raw connection: nothing follows the HEAD answer's headers but the next answer. */
export function expectNoBodyAfterHead(r: HeadThenGet, what: string): void {
  if (r.between.length === 0) return;
  throw new RuleFailure(
    `HEAD of ${what} (${r.headLines.split('\r\n')[0]}) sent ${r.between.length} bytes of body after its headers, ahead of the next answer on the connection`,
    {
      expected: "no bytes between the HEAD answer's headers and the next answer",
      actual: r.between.subarray(0, 200).toString('latin1'),
    },
  );
}

/** Why a HEAD read raw cannot be held to the GET answered right after it on the same connection, or undefined where it
 * can: no GET answer came, either is a 5xx or a 429 (spec 7.2: retry later), or a credential challenge (401) came to
 * one of them alone. */
export function rawPairUnjudgeable(r: HeadThenGet): string | undefined {
  if (r.getLines === undefined) return 'no GET answer followed on the connection';
  const statuses = [answerHead(r.headLines).status, answerHead(r.getLines).status];
  if (statuses.some((s) => s >= 500 || s === 429)) return `answered ${statuses.join(' and ')}`;
  if (statuses[0] !== statuses[1] && statuses.includes(401))
    return `a credential challenge (${statuses.join(' and ')})`;
  return undefined;
}

/** METH-HEAD on the raw connection: the HEAD answer has the status and the representation headers of the GET answer
 * that followed it on the same connection (a moment later, the same state). */
export function checkRawHeadMatchesGet(r: HeadThenGet, what: string): void {
  const line = r.headLines.split('\r\n')[0];
  expectHeadLikeGet(answerHead(r.headLines), answerHead(r.getLines), `HEAD of ${what} (${line})`, "the GET's after it");
}
