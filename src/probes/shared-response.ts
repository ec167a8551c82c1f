// Request economy: a probe that several checks judge is sent once per run; every check that uses it cites it.
import type { HttpResponse } from '../http/messages.ts';
import { cite } from '../harness/evidence.ts';
import { once } from '../harness/per-run.ts';

export async function sharedResponse(key: string, send: () => Promise<HttpResponse>): Promise<HttpResponse> {
  const res = await once(`response:${key}`, send);
  cite(res.exchange);
  return res;
}
