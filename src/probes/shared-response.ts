// Request economy: a probe that several checks judge is sent once per run; every check that uses it cites it.
import type { HttpResponse } from '../http/messages.ts';
import { confirmationCache } from '../harness/confirm.ts';
import { cite } from '../harness/evidence.ts';
import { perRun } from '../harness/per-run.ts';

const probes = perRun(() => new Map<string, Promise<HttpResponse>>());

export async function sharedResponse(key: string, send: () => Promise<HttpResponse>): Promise<HttpResponse> {
  // A check running again to confirm a failure asks the target afresh.
  let pending = confirmationCache(key, send) ?? probes().get(key);
  if (!pending) {
    pending = send();
    probes().set(key, pending);
  }
  const res = await pending;
  cite(res.exchange);
  return res;
}
