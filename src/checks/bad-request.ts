// Spec 2.1 and 7.2: a body with an invalid, unknown or removed field is refused with 400, and the error
// names the field (its detail or parameters mention it; the field's value is also taken as naming it).
import type { HttpResponse } from '../http/client.ts';
import { RuleFailure, TargetError } from '../outcome.ts';
import { describeExchange } from './status.ts';

/** Whether the error body mentions one of `names` in its detail or parameters. */
export function errorNames(res: HttpResponse, names: readonly string[]): boolean {
  const body = res.json() as { detail?: unknown; parameters?: unknown } | null;
  const texts = [body?.detail, ...(Array.isArray(body?.parameters) ? body.parameters : [])].map((v) => (typeof v === 'string' ? v : JSON.stringify(v ?? '')));
  return names.some((name) => texts.some((text) => text.includes(name)));
}

/** A 400 naming one of `names`; a success, another status or an error naming none of them breaks the rule. */
export function expectBadRequestNaming(res: HttpResponse, names: readonly string[], what: string): void {
  if (res.status >= 500 || res.status === 429) {
    throw new TargetError('unexpected-status', `${describeExchange(res)} while checking that ${what}`, res.exchange);
  }
  if (res.status !== 400) {
    throw new RuleFailure(`${what}: expected 400, got ${res.status}`, { expected: 400, actual: res.status, exchange: res.exchange });
  }
  if (!errorNames(res, names)) {
    throw new RuleFailure(`${what}: the 400 does not name ${names.join(' or ')}`, {
      expected: `detail or parameters naming ${names.join(' or ')}`, actual: res.json(), exchange: res.exchange,
    });
  }
}
