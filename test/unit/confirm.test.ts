// The second run of a failing check: a failure stands when it repeats on the answer it was judged on, or fails the
// same way; an answer the same request did not give again is a fault of the transport, never a failure.
import { describe, expect, it } from 'vitest';
import { runConfirmed } from '../../src/harness/confirm.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';
import { noteReading, Readings } from '../../src/target/readings.ts';

const url = 'https://target.test/api/platform/v2/groups/p1/clusters';

function exchange(body: string, request: Partial<Exchange['request']> = {}): Exchange {
  return {
    request: { method: 'GET', url, headers: { accept: 'application/json' }, ...request },
    response: { status: 200, headers: {}, body, bodyBytes: body.length },
    startedAt: '2026-01-01T00:00:00Z',
    durationMs: 1,
  };
}

/** A check that reads, run after run, the next of `bodies` and fails on it with the message `failure` makes. */
function failingOn(bodies: string[], failure: (body: string) => string): () => Promise<void> {
  let run = 0;
  return async () => {
    const read = exchange(bodies[run++]!);
    noteReading(read);
    throw new RuleFailure(failure(read.response!.body), { exchange: read });
  };
}

describe('runConfirmed', () => {
  it('confirms a failure whose answer the second run read again', async () => {
    const body = '[{"totalCount":1}]';
    const result = await runConfirmed(failingOn([body, body], (b) => `not a list: ${b} (${Math.random()})`));
    expect(result.confirmed).toBe(true);
    expect(result.error).toBeInstanceOf(RuleFailure);
  });

  it('errs, naming the transport, when the same request answered otherwise and the check failed otherwise', async () => {
    const result = await runConfirmed(failingOn(['[{"totalCount":1}]', '{"results":[]}'], (b) => `judged ${b}`));
    expect(result.confirmed).toBe(false);
    expect(result.error).toBeInstanceOf(TargetError);
    expect((result.error as TargetError).cause).toBe('unrepeated-reading');
    expect((result.error as TargetError).message).toContain('judged [{"totalCount":1}]');
  });

  it('confirms a failure that repeats word for word on another answer', async () => {
    const result = await runConfirmed(failingOn(['{"a":1}', '{"a":2}'], () => 'the list has no totalCount'));
    expect(result.confirmed).toBe(true);
  });

  it('errs when the first run read the request of the second failure otherwise', async () => {
    let run = 0;
    const result = await runConfirmed(async () => {
      run += 1;
      const list = exchange(run === 1 ? '{"results":[]}' : '[]');
      noteReading(list);
      if (run === 1)
        throw new RuleFailure('a created entity has no id', { exchange: exchange('{}', { url: `${url}/a` }) });
      throw new RuleFailure('the list is no object', { exchange: list });
    });
    expect((result.error as TargetError).cause).toBe('unrepeated-reading');
  });

  it('confirms a failure on a request the second run did not send again, when that run failed too', async () => {
    let run = 0;
    const result = await runConfirmed(async () => {
      const created = exchange(`{"id":"${++run}"}`, { method: 'POST', url, body: `{"name":"x${run}"}` });
      noteReading(created);
      throw new RuleFailure(`created ${run} without a name`, { exchange: created });
    });
    expect(result.confirmed).toBe(true);
  });
});

describe('Readings', () => {
  it('keeps the answers of a request apart from those of another credential, Accept or body', () => {
    const readings = new Readings();
    const plain = exchange('1');
    readings.add(plain);
    readings.add(exchange('2'));
    readings.add(exchange('3', { credentialEnv: { publicKey: 'READ_ONLY_PUBLIC' } }));
    readings.add(exchange('4', { headers: { accept: 'application/vnd.platform.2023-01-01+json' } }));
    readings.add(exchange('5', { method: 'POST', body: '{}' }));
    expect(readings.of(plain).map((r) => r.body)).toEqual(['1', '2']);
    expect(readings.of(exchange('', { method: 'POST', body: '{}' })).map((r) => r.body)).toEqual(['5']);
    expect(readings.of(exchange('', { url: `${url}/other` }))).toEqual([]);
  });
});
