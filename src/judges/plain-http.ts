// Spec 1: "Access is HTTPS only (TLS). Plain HTTP is not served." What a plain-HTTP address answers may be a
// redirect to HTTPS or a page of its own, but never an API entity or a JSON error.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { describeExchange } from './status.ts';

function jsonBody(res: HttpResponse): boolean {
  if (/json/i.test(res.header('content-type') ?? '')) return true;
  try {
    const value: unknown = JSON.parse(res.text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/** SVC-HTTPS-ONLY: the plain-HTTP answer carries no JSON, and a redirect leads to HTTPS. */
export function expectNotServedInClear(res: HttpResponse): void {
  if (jsonBody(res)) {
    throw new RuleFailure(`plain HTTP is served: ${describeExchange(res)} answered with JSON in the clear`, {
      expected: 'no API entity and no JSON error (a redirect to HTTPS, or nothing)',
      actual: res.text.slice(0, 200),
      exchange: res.exchange,
    });
  }
  const location = res.header('location');
  if (res.status >= 300 && res.status < 400 && location !== undefined && /^http:/i.test(location)) {
    throw new RuleFailure(`plain HTTP redirects to plain HTTP: ${describeExchange(res)} points to ${location}`, {
      expected: 'a redirect to https://',
      actual: location,
      exchange: res.exchange,
    });
  }
}
