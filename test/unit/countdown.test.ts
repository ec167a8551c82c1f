// The countdown shown while checks wait for a project's next rate-limit window.
import { describe, expect, it } from 'vitest';
import { rateWaitCountdown } from '../../src/target/countdown.ts';

function stream(): NodeJS.WriteStream & { text: string } {
  const s = {
    isTTY: false,
    text: '',
    write(chunk: string) {
      s.text += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WriteStream & { text: string };
}

describe('rate-limit countdown', () => {
  it('names the project and the seconds to the next window, once for all checks that wait with it', () => {
    const out = stream();
    rateWaitCountdown('p1', 42_000, out);
    rateWaitCountdown('p1', 41_900, out);
    expect(out.text).toBe('rate limit: project p1 has spent its budget; next window in 42 s\n');
  });

  it('stays silent for a wait of a short test window', () => {
    const out = stream();
    rateWaitCountdown('p2', 2_000, out);
    expect(out.text).toBe('');
  });
});
