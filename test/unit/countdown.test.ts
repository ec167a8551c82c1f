// The countdown shown while checks wait for a project's next rate-limit window.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateWaitCountdown } from '../../src/target/countdown.ts';

function stream(isTTY = false): NodeJS.WriteStream & { text: string } {
  const s = {
    isTTY,
    text: '',
    write(chunk: string) {
      s.text += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WriteStream & { text: string };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('rate-limit countdown', () => {
  it('names the project and the length of the wait, once for all checks that wait with it', () => {
    const out = stream();
    rateWaitCountdown('p1', 42_000, out);
    rateWaitCountdown('p1', 41_900, out);
    expect(out.text).toBe('rate limit: project p1 has spent its budget; waiting 42 s for its next window\n');
  });

  it('stays silent for a wait of a short test window', () => {
    const out = stream();
    rateWaitCountdown('p2', 2_000, out);
    expect(out.text).toBe('');
  });

  it('writes at most one line every five seconds without a terminal', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const out = stream();
    rateWaitCountdown('p3', 30_000, out);
    vi.advanceTimersByTime(2_000);
    rateWaitCountdown('p4', 28_000, out);
    vi.advanceTimersByTime(30_000);
    rateWaitCountdown('p3', 60_000, out);
    expect(out.text.split('\n').filter(Boolean)).toEqual([
      'rate limit: project p3 has spent its budget; waiting 30 s for its next window',
      'rate limit: project p3 has spent its budget; waiting 60 s for its next window',
    ]);
  });

  it('counts down on one line on a terminal, and clears it when the window turns', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const out = stream(true);
    rateWaitCountdown('p5', 4_000, out);
    vi.advanceTimersByTime(5_000);
    expect(out.text.split('\r\x1b[K').filter(Boolean)).toEqual([
      'rate limit: project p5 has spent its budget; next window in 4 s',
      'rate limit: project p5 has spent its budget; next window in 3 s',
      'rate limit: project p5 has spent its budget; next window in 2 s',
      'rate limit: project p5 has spent its budget; next window in 1 s',
    ]);
    expect(out.text.endsWith('\r\x1b[K')).toBe(true);
  });
});
