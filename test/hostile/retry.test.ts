// Spec 7.2 (5xx: retry later), request by request: which answers are sent again and how often, and that a 5xx that
// persists is a target error, never an answer a check could judge.
import { describe, expect, it } from 'vitest';
import { HttpResponse, type RequestSpec } from '../../src/http/messages.ts';
import { ProjectLease } from '../../src/http/rate-scheduler.ts';
import { withRetries } from '../../src/http/retry.ts';
import { TargetError } from '../../src/outcome.ts';

const policy = { count: 2, backoffMs: 20 };

/** Sends `spec` against a target answering `statuses` in turn: the outcome, and the statuses answered. */
async function sendAgainst(spec: Omit<RequestSpec, 'as'>, statuses: number[]) {
  const asked: { status: number }[] = [];
  const outcome = await withRetries(policy, { ...spec, as: 'owner' }, async () => {
    const status = statuses[asked.length] ?? statuses.at(-1)!;
    asked.push({ status });
    const exchange = {
      request: { method: spec.method, url: `https://target${spec.path}`, headers: {} },
      startedAt: '',
      durationMs: 0,
    };
    return new HttpResponse(status, {}, Buffer.alloc(0), exchange);
  }).then(
    (res) => res.status,
    (e: unknown) => e,
  );
  return { outcome, asked };
}

describe('retries of a 5xx', () => {
  it('sends a request again after a 5xx until it is answered', async () => {
    const { outcome, asked } = await sendAgainst({ method: 'GET', path: '/x' }, [503, 502, 200]);
    expect(outcome).toBe(200);
    expect(asked.map((a) => a.status)).toEqual([503, 502, 200]);
  });

  it('makes a 5xx that persists a target error (unexpected-status) after the last retry', async () => {
    const { outcome, asked } = await sendAgainst({ method: 'PUT', path: '/x' }, [500]);
    expect(asked).toHaveLength(3);
    expect(outcome).toBeInstanceOf(TargetError);
    expect((outcome as TargetError).cause).toBe('unexpected-status');
    expect((outcome as TargetError).message).toMatch(/answered 500 \(after 2 retries\)$/);
  });

  it('sends a create or a change again only after a 503, which says it was not processed', async () => {
    for (const method of ['POST', 'PATCH']) {
      const once = await sendAgainst({ method, path: '/x' }, [500, 201]);
      expect(
        once.asked.map((a) => a.status),
        method,
      ).toEqual([500]);
      expect(once.outcome, method).toBeInstanceOf(TargetError);
      expect((await sendAgainst({ method, path: '/x' }, [503, 201])).outcome, method).toBe(201);
    }
  });

  it('makes a change that was retried and then refused a target error: an earlier attempt may have been applied', async () => {
    for (const [method, refusal] of [
      ['DELETE', 404],
      ['POST', 409],
      ['PUT', 404],
    ] as const) {
      const { outcome, asked } = await sendAgainst({ method, path: '/x' }, [503, refusal]);
      expect(
        asked.map((a) => a.status),
        method,
      ).toEqual([503, refusal]);
      expect(outcome, method).toBeInstanceOf(TargetError);
      expect((outcome as TargetError).message, method).toMatch(
        new RegExp(`its retry ${refusal}: an earlier attempt may have been applied$`),
      );
    }
    expect((await sendAgainst({ method: 'GET', path: '/x' }, [503, 404])).outcome).toBe(404);
    expect((await sendAgainst({ method: 'DELETE', path: '/x' }, [404])).outcome).toBe(404);
  });

  it('never retries a 429, nor a request whose every answer a check judges (rate-limit bursts, single sends, an Authorization made by hand)', async () => {
    expect((await sendAgainst({ method: 'GET', path: '/x' }, [429, 200])).asked).toHaveLength(1);
    const lease = new ProjectLease(['p'], () => undefined);
    for (const spec of [
      { lease },
      { answerChallenge: false },
      { headers: { Authorization: 'Digest username="k", nc=00000001' } },
    ]) {
      const { outcome, asked } = await sendAgainst({ method: 'GET', path: '/x', ...spec }, [503, 200]);
      expect([outcome, asked.length]).toEqual([503, 1]);
    }
  });
});
