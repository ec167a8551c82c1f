// Spec 2.1 Invalid fields: "An unknown or misspelled field, or a field that cannot be modified, is rejected with
// status 400 and an error message that names the invalid field. It is not ignored."
import type { HttpResponse } from '../http/client.ts';
import { RuleFailure } from '../outcome.ts';
import { expectStatus, describeExchange } from './status.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether an error names `field` as a word of its detail or of one of its parameters (not inside another word). */
export function namesField(res: HttpResponse, field: string): boolean {
  // An error body that is not a JSON object leaves the rule unjudged; its shape is the 7.1 rules' to judge.
  const body = res.jsonObject();
  const word = new RegExp(`(^|[^A-Za-z0-9_])${escape(field)}($|[^A-Za-z0-9_])`);
  const texts = [body.detail, ...(Array.isArray(body.parameters) ? body.parameters : [])].filter((v) => v !== undefined && v !== null).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return texts.some((t) => word.test(t));
}

/** The body was refused with 400, and the error names the field. */
export function checkFieldRefused(res: HttpResponse, field: string, what: string): void {
  expectStatus(res, 400, what);
  if (!namesField(res, field)) {
    throw new RuleFailure(`${describeExchange(res)}: the error does not name the invalid field ${field}`, {
      expected: `detail or parameters naming ${field}`, actual: res.text.slice(0, 300), exchange: res.exchange,
    });
  }
}
