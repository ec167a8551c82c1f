// A check's time limit leaves out the time its requests waited for their turn under the rate limit: a check that is
// mostly paced runs to its end, one that is slow by itself ends as a timeout error.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { paced } from '../../src/harness/paced-time.ts';
import { runCheck } from '../../src/harness/running-checks.ts';
import { TargetError } from '../../src/outcome.ts';

const signal = () => new AbortController().signal;

describe("a check's time limit", () => {
  it('leaves out waits for a turn, counting waits at once only once', async () => {
    const result = await runCheck(signal(), 1000, async () => {
      await Promise.all([paced(sleep(1500)), paced(sleep(1500))]);
      await paced(sleep(500));
      return 'done';
    });
    expect(result).toBe('done');
  });

  it('ends a check that is slow by itself with a timeout error', async () => {
    const outcome = await runCheck(signal(), 100, async () => {
      await sleep(1500);
      return 'done';
    }).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(TargetError);
    expect((outcome as TargetError).cause).toBe('timeout');
    expect((outcome as TargetError).message).toMatch(/ran more than 0 s, besides 0 s waiting/);
  });
});
