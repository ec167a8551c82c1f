// The second run of a failing check: a failure stands when the violation repeats, though the answer it is judged on
// changed with the target's state; a failure judged on an answer with the marks of a fault of the transport stands
// only when the second run failed on the same request with the same mark, else it is an error naming the fault.
import { describe, expect, it } from 'vitest';
import { runConfirmed } from '../../src/harness/confirm.ts';
import type { Exchange } from '../../src/exchange.ts';
import { faultSignature } from '../../src/http/fault-signature.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';

const url = 'https://target.test/api/platform/v2/groups/p1/alertConfigs';

function exchange(body: string, request: Partial<Exchange['request']> = {}, status = 200): Exchange {
  return {
    request: { method: 'GET', url, headers: { accept: 'application/json' }, ...request },
    response: { status, headers: {}, body, bodyBytes: Buffer.byteLength(body) },
    startedAt: '2026-01-01T00:00:00Z',
    durationMs: 1,
  };
}

/** A check that fails run after run on the next of `answers`, with a message naming what it read. */
function failingOn(...answers: Exchange[]): () => Promise<void> {
  let run = 0;
  return async () => {
    const read = answers[run++]!;
    throw new RuleFailure(`judged ${read.request.method} ${read.request.url}: ${read.response!.body}`, {
      exchange: read,
    });
  };
}

const causeOf = (error: unknown) => (error instanceof TargetError ? error.cause : String(error));

describe('runConfirmed', () => {
  it('confirms a failure whose answer changed with the state between the runs', async () => {
    // A list after more deletes: another count, the same violation.
    const result = await runConfirmed(
      failingOn(exchange('{"totalCount":7,"results":[{},{}]}'), exchange('{"totalCount":5,"results":[{}]}')),
    );
    expect(result.confirmed).toBe(true);
    expect(result.error).toBeInstanceOf(RuleFailure);
    expect((result.error as RuleFailure).message).toContain('"totalCount":7');
  });

  it('confirms a failure the second run met on another request, when neither answer shows a fault', async () => {
    // An alert created afresh by the second run: another id, another `updated`.
    const result = await runConfirmed(
      failingOn(
        exchange('{"id":"a1","updated":"2026-01-01T01:00:00+01:00"}', { url: `${url}/a1` }),
        exchange('{"id":"b2","updated":"2026-01-01T01:00:05+01:00"}', { url: `${url}/b2` }),
      ),
    );
    expect(result.confirmed).toBe(true);
  });

  it('errs, naming the fault, when the failure was judged on JSON of the wrong type the second run did not meet', async () => {
    const result = await runConfirmed(failingOn(exchange('[{"totalCount":1}]'), exchange('{"totalCount":1}')));
    expect(result.confirmed).toBe(false);
    expect(causeOf(result.error)).toBe('wrong-type');
    expect((result.error as TargetError).message).toContain('an array');
    expect((result.error as TargetError).message).toContain('judged GET');
  });

  it('errs when only the second run failed on an answer with the mark of a fault', async () => {
    const result = await runConfirmed(
      failingOn(exchange('{"totalCount":1}'), exchange('{"detail":"busy"}', { url: `${url}/x` }, 503)),
    );
    expect(result.confirmed).toBe(false);
    expect(causeOf(result.error)).toBe('unexpected-status');
  });

  it('errs when both runs failed on marked answers of different requests', async () => {
    const result = await runConfirmed(
      failingOn(exchange('[{"a":1}]', { url: `${url}/a` }), exchange('[{"b":1}]', { url: `${url}/b` })),
    );
    expect(causeOf(result.error)).toBe('wrong-type');
  });

  it('confirms a failure on a marked answer the same request gave in both runs', async () => {
    // A target that answers a bare array where a list belongs, every time: its answer, not a fault.
    const result = await runConfirmed(failingOn(exchange('[]'), exchange('[]')));
    expect(result.confirmed).toBe(true);
    expect(result.error).toBeInstanceOf(RuleFailure);
  });
});

describe('faultSignature', () => {
  it('marks a 5xx, a body that is not JSON or cut short, and JSON that is no object; not an empty body', () => {
    const marks = [
      exchange('{}', {}, 502),
      exchange('<html>502 Bad Gateway</html>'),
      exchange('{"results":[{"id":'),
      exchange('"text"'),
      exchange('null'),
      exchange('{"results":[]}'),
      exchange('', {}, 204),
    ].map((e) => faultSignature(e)?.what);
    expect(marks).toEqual([
      'status 502',
      'a body that is not JSON',
      'a body that is not JSON',
      'a string',
      'null',
      undefined,
      undefined,
    ]);
  });

  it('judges a body the record keeps only the start of by its first character', () => {
    const long = (body: string) => ({
      ...exchange(body),
      response: { ...exchange(body).response!, bodyBytes: 10_000 },
    });
    expect(faultSignature(long('[{"id":"a"}, …[truncated]'))?.cause).toBe('wrong-type');
    expect(faultSignature(long('{"results":[ …[truncated]'))).toBeUndefined();
    expect(faultSignature(long('<html> …[truncated]'))?.cause).toBe('invalid-json');
  });
});
