// Spec 2.1 "A field with no current value is returned with an appropriate default. A field with no sensible default
// is omitted from the entity": no field is null.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { walk } from './json-walk.ts';
import { describeExchange } from './status.ts';

/** Paths of the fields of a response value that are null. */
export function nullFields(value: unknown): string[] {
  return [...walk(value)].filter((n) => n.field !== undefined && n.value === null).map((n) => n.path);
}

/** Fails when a field of `body`, the parsed body of `res`, is null. */
export function checkNoNullFields(res: HttpResponse, body: unknown): void {
  const nulls = nullFields(body);
  if (nulls.length === 0) return;
  throw new RuleFailure(`${describeExchange(res)}: null field(s) ${nulls.slice(0, 5).join(', ')}`, {
    expected: 'no null field (a default, or the field left out)',
    actual: nulls,
    exchange: res.exchange,
  });
}
