// A judge of an answer's status counts the answer in the check's coverage exactly when it could be judged: whatever
// the judge then found, but not a 5xx or 429 that left the rule unjudged.
import { describe, expect, it } from 'vitest';
import { describeCoverage } from '../../src/check-outcome.ts';
import { Coverage, type Tally } from '../../src/harness/coverage.ts';
import { counted, expectErrorWithBody, expectStatus } from '../../src/harness/judged-answers.ts';
import type { HttpResponse } from '../../src/http/messages.ts';
import { expectServed } from '../../src/judges/served.ts';
import { answer } from '../support/answers.ts';

/** What `judge` counted, run on answers to GET /api/a of each of `statuses` with a body that is not JSON. */
function countedOver(statuses: number[], judge: (tally: Tally, res: HttpResponse) => void): string {
  const coverage = new Coverage();
  for (const status of statuses) {
    const res = answer('GET', 'https://target.test/api/a', status, {}, 'not json');
    expect(() => judge(coverage, res)).toThrow();
  }
  return describeCoverage(coverage.list());
}

describe('judged answers', () => {
  it('counts an answer whose status was judged, not one a 5xx or 429 left unjudged', () => {
    expect(countedOver([404, 503, 429], (tally, res) => expectStatus(tally, res, 200, 'a read is served'))).toBe(
      '1 answer on 1 path',
    );
  });

  it('counts an answer judged past its status, even where its body could not be read', () => {
    expect(countedOver([404, 503], (tally, res) => expectErrorWithBody(tally, res, 'a read is refused'))).toBe(
      '1 answer on 1 path',
    );
  });

  it('counts an answer whose judge found another answer unjudgeable', () => {
    const other = answer('GET', 'https://target.test/api/b', 503);
    expect(
      countedOver(
        [200],
        counted(() => expectServed(other, 'another read is served')),
      ),
    ).toBe('1 answer on 1 path');
  });
});
