// Spec 7.1: the error body and its fields, one function per rule.
import { STATUS_CODES } from 'node:http';
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { describeExchange } from './status.ts';

const fieldTypes = {
  detail: 'string',
  error: 'integer',
  errorCode: 'string',
  parameters: 'array',
  reason: 'string',
} as const;

function typeOf(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (Number.isInteger(v)) return 'integer';
  return typeof v;
}

/** The error body: JSON of another type where one belongs leaves the rule unjudged (wrong-type), as for entities. */
const errorObject = (res: HttpResponse): Record<string, unknown> => res.jsonObject();

/** ERR-BODY-FIELDS: detail, error, errorCode, parameters and reason, each of its type. */
export function checkErrorBodyFields(res: HttpResponse): void {
  const body = errorObject(res);
  const wrong = Object.entries(fieldTypes)
    .filter(([field, type]) => typeOf(body[field]) !== type)
    .map(([field, type]) => `${field}: expected ${type}, got ${field in body ? typeOf(body[field]) : 'nothing'}`);
  if (wrong.length) {
    throw new RuleFailure(`${describeExchange(res)}: error body fields wrong: ${wrong.join('; ')}`, {
      expected: fieldTypes,
      actual: Object.fromEntries(Object.keys(fieldTypes).map((f) => [f, typeOf(body[f])])),
      exchange: res.exchange,
    });
  }
}

/** ERR-STATUS-MATCH: the error field is the response's status code. */
export function checkErrorStatusMatches(res: HttpResponse): void {
  const body = errorObject(res);
  if (body.error !== res.status) {
    throw new RuleFailure(
      `${describeExchange(res)}: error field ${JSON.stringify(body.error)} differs from the status`,
      {
        expected: res.status,
        actual: body.error,
        exchange: res.exchange,
      },
    );
  }
}

/** ERR-REASON-TEXT: the reason field is the status text (compared without regard to case). */
export function checkErrorReason(res: HttpResponse): void {
  const body = errorObject(res);
  const expected = STATUS_CODES[res.status];
  if (typeof body.reason !== 'string' || body.reason.toLowerCase() !== expected?.toLowerCase()) {
    throw new RuleFailure(`${describeExchange(res)}: reason ${JSON.stringify(body.reason)} is not the status text`, {
      expected,
      actual: body.reason,
      exchange: res.exchange,
    });
  }
}

/** ERR-RESOURCE-NOT-FOUND: a not-found error names what was not found in parameters and detail. Spec 7.1 gives
 * RESOURCE_NOT_FOUND the requested path; a 404 under another code (the real service's GROUP_NOT_FOUND, CLUSTER_NOT_FOUND)
 * may name the `missing` identifier instead, and is judged on its status alone when no identifier is given. */
export function checkResourceNotFound(res: HttpResponse, requestedPath: string, missing?: string): void {
  const body = errorObject(res);
  const spec = body.errorCode === 'RESOURCE_NOT_FOUND';
  if (!spec && missing === undefined) return;
  const named = (s: string) => s.includes(requestedPath) || (!spec && s.includes(missing!));
  const what = spec ? requestedPath : `${requestedPath} or ${missing}`;
  const params = Array.isArray(body.parameters) ? body.parameters.map(String) : [];
  if (!params.some(named)) {
    throw new RuleFailure(
      `${describeExchange(res)}: ${String(body.errorCode)} parameters do not hold the requested path`,
      {
        expected: `parameters containing ${what}`,
        actual: body.parameters,
        exchange: res.exchange,
      },
    );
  }
  if (typeof body.detail !== 'string' || !named(body.detail)) {
    throw new RuleFailure(
      `${describeExchange(res)}: ${String(body.errorCode)} detail does not name the requested path`,
      {
        expected: `detail naming ${what}`,
        actual: body.detail,
        exchange: res.exchange,
      },
    );
  }
}
