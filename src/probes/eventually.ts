// Asynchronous work (spec 7.2: "202 | Accepted | An asynchronous operation was accepted") is given time to finish: a
// probe is repeated with growing pauses until it shows the outcome, for at most as long as one request may take.
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpResponse } from '../http/messages.ts';
import type { Target } from '../target/target.ts';

const firstPauseMs = 250;

/** The first answer of `probe` that `done` accepts, or the last one when time is up. */
export async function eventually(
  t: Target,
  probe: () => Promise<HttpResponse>,
  done: (res: HttpResponse) => boolean,
): Promise<HttpResponse> {
  const deadline = Date.now() + t.profile.timeouts.requestMs;
  for (let pause = firstPauseMs; ; pause *= 2) {
    const res = await probe();
    if (done(res) || Date.now() + pause > deadline) return res;
    await sleep(pause);
  }
}
