// Spec 2.1 "All entities are JSON": a response body is JSON, labelled application/json or, on the versioned API,
// application/vnd.<vendor>.<yyyy-mm-dd>+json (spec 9.2); parameters such as charset may follow.
import type { HttpResponse } from '../http/client.ts';
import { RuleFailure } from '../outcome.ts';
import { describeExchange } from './status.ts';

export function isJsonMediaType(contentType: string | undefined, vendor: string): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return true;
  const m = /^application\/vnd\.([a-z0-9-]+)\.(\d{4}-\d{2}-\d{2})\+json$/.exec(type);
  return m !== null && m[1] === vendor.toLowerCase();
}

/** ENT-JSON-RESPONSE: a response with a body carries JSON under a JSON media type. */
export function checkJsonResponse(res: HttpResponse, vendor: string): void {
  if (res.raw.length === 0) return;
  const contentType = res.header('content-type');
  if (!isJsonMediaType(contentType, vendor)) {
    throw new RuleFailure(`${describeExchange(res)}: Content-Type ${JSON.stringify(contentType ?? null)} is not a JSON media type`, {
      expected: `application/json or application/vnd.${vendor}.<yyyy-mm-dd>+json`, actual: contentType ?? null, exchange: res.exchange,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch (e) {
    throw new RuleFailure(`${describeExchange(res)}: the body is not JSON (${(e as Error).message})`, {
      expected: 'a JSON body', actual: res.text.slice(0, 200), exchange: res.exchange,
    });
  }
  // A successful answer carries an entity or a list: both have fields (spec 2.1, 2.2, 2.3), so a JSON object.
  if (res.status >= 200 && res.status < 300 && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new RuleFailure(`${describeExchange(res)}: the body is JSON ${Array.isArray(body) ? 'an array' : body === null ? 'null' : `a ${typeof body}`}, not an entity or a list`, {
      expected: 'a JSON object (an entity or a list)', actual: res.text.slice(0, 200), exchange: res.exchange,
    });
  }
}
