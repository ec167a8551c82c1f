// Spec 2.4: no envelope by default; with envelope=true a single entity is wrapped in {status, entity} (field names
// from the profile, spec: not shown), and a list, which already has an envelope, only gains a `status` field.
import { isDeepStrictEqual } from 'node:util';
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import type { Profile } from '../profile/profile.ts';
import { isObject } from './json-walk.ts';
import { describeExchange } from './status.ts';

type Names = Profile['envelope'];

/** The list envelope's status field: the spec names it. */
export const listStatusField = 'status';

/** Whether a value is an HTTP status code: an integer from 100 to 599. */
export const isStatusCode = (v: unknown): boolean =>
  Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599;

/** Whether a plain (envelope not asked for) body is wrapped anyway: the status it was sent with, beside the entity. */
export function wrappedUnasked(
  res: HttpResponse,
  body: Record<string, unknown>,
  isList: boolean,
  names: Names,
): boolean {
  if (isList) return body[listStatusField] === res.status;
  return hasEnvelopeFields(body, names) && body[names.statusField] === res.status;
}

/** Whether a body has exactly the two fields of a single-entity envelope, the status and the content. */
export const hasEnvelopeFields = (body: Record<string, unknown>, names: Names): boolean =>
  Object.keys(body).length === 2 && Object.hasOwn(body, names.statusField) && Object.hasOwn(body, names.contentField);

/** Fails unless `body` has exactly the two fields of a single-entity envelope. */
function checkEnvelopeFields(res: HttpResponse, body: Record<string, unknown>, names: Names, expected: unknown): void {
  if (hasEnvelopeFields(body, names)) return;
  throw new RuleFailure(
    `${describeExchange(res)}: the envelope has the fields ${JSON.stringify(Object.keys(body).sort())}`,
    {
      expected,
      actual: body,
      exchange: res.exchange,
    },
  );
}

function envelopeBody(res: HttpResponse): Record<string, unknown> {
  const body = res.json();
  if (!isObject(body)) {
    throw new RuleFailure(`${describeExchange(res)}: the envelope is not a JSON object`, {
      expected: 'an object',
      actual: body,
      exchange: res.exchange,
    });
  }
  return body;
}

/** ENV-SINGLE-WRAP: exactly the status field (the unwrapped call's status) and the content field (`entity`). */
export function checkSingleEnvelope(res: HttpResponse, status: number, entity: unknown, names: Names): void {
  const body = envelopeBody(res);
  checkEnvelopeFields(res, body, names, { [names.statusField]: status, [names.contentField]: '<the entity>' });
  if (body[names.statusField] !== status) {
    throw new RuleFailure(
      `${describeExchange(res)}: the envelope's ${names.statusField} is ${JSON.stringify(body[names.statusField])}; the unwrapped call returned ${status}`,
      {
        expected: status,
        actual: body[names.statusField],
        exchange: res.exchange,
      },
    );
  }
  if (entity !== undefined && !isDeepStrictEqual(body[names.contentField], entity)) {
    throw new RuleFailure(
      `${describeExchange(res)}: the envelope's ${names.contentField} is not the entity the unwrapped call returned`,
      {
        expected: entity,
        actual: body[names.contentField],
        exchange: res.exchange,
      },
    );
  }
}

/** ENV-SINGLE-WRAP on one answer alone: the two fields, the status field holding an HTTP status code (that it is
 * the plain call's needs that call; the status line of an enveloped answer is not stated). */
export function checkEnvelopeShape(res: HttpResponse, names: Names): void {
  const body = envelopeBody(res);
  const expected = { [names.statusField]: '<the HTTP status code>', [names.contentField]: '<the entity>' };
  checkEnvelopeFields(res, body, names, expected);
  if (isStatusCode(body[names.statusField])) return;
  throw new RuleFailure(
    `${describeExchange(res)}: the envelope's ${names.statusField} is ${JSON.stringify(body[names.statusField])}, not an HTTP status code`,
    { expected, actual: body, exchange: res.exchange },
  );
}

/** ENV-LIST-STATUS: the list as returned unwrapped, plus a status field holding the unwrapped call's status. */
export function checkListEnvelope(res: HttpResponse, status: number, list: Record<string, unknown>): void {
  const body = envelopeBody(res);
  const { [listStatusField]: got, ...rest } = body;
  const { [listStatusField]: _plain, ...plain } = list;
  if (got !== status) {
    throw new RuleFailure(
      `${describeExchange(res)}: the list's ${listStatusField} is ${JSON.stringify(got)}; the unwrapped call returned ${status}`,
      {
        expected: status,
        actual: got ?? null,
        exchange: res.exchange,
      },
    );
  }
  if (!isDeepStrictEqual(rest, plain)) {
    throw new RuleFailure(`${describeExchange(res)}: envelope=true changed the list beyond adding ${listStatusField}`, {
      expected: { ...plain, [listStatusField]: status },
      actual: body,
      exchange: res.exchange,
    });
  }
}

const fieldNames = (v: unknown) => (isObject(v) ? Object.keys(v).sort() : v);

/** ENV-SINGLE-WRAP on the answer to a write or an error: the plain answer's body (whose values, such as the id of a
 * new entity, differ between two writes: its fields are compared) under the content field, beside the plain answer's
 * status; an answer without a body (204) has nothing to wrap, but an envelope it carries must hold that status. */
export function checkWriteEnvelope(enveloped: HttpResponse, plain: HttpResponse, names: Names): void {
  const plainBody = plain.text === '' ? undefined : plain.json();
  if (enveloped.text === '') {
    if (plainBody === undefined) return;
    throw new RuleFailure(`${describeExchange(enveloped)}: envelope=true left out the body the plain answer carries`, {
      expected: { [names.statusField]: plain.status, [names.contentField]: fieldNames(plainBody) },
      actual: '',
      exchange: enveloped.exchange,
    });
  }
  checkSingleEnvelope(enveloped, plain.status, undefined, names);
  const content = enveloped.jsonObject()[names.contentField];
  if (plainBody !== undefined && !isDeepStrictEqual(fieldNames(content), fieldNames(plainBody))) {
    throw new RuleFailure(
      `${describeExchange(enveloped)}: the envelope's ${names.contentField} is not the body the plain answer carries`,
      {
        expected: { fields: fieldNames(plainBody) },
        actual: content,
        exchange: enveloped.exchange,
      },
    );
  }
}
