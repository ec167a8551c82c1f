// Spec 2.1 "All entities are JSON": a response body is JSON, labelled as JSON: application/json or a type with the
// +json suffix (RFC 6839), such as the versioned application/vnd.<vendor>.<yyyy-mm-dd>+json of spec 9.2; parameters
// such as charset may follow. Which JSON type is not the spec's to say.
import type { Generation } from '../generation.ts';
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { describeExchange } from './status.ts';

/** The media type of a Content-Type without its parameters, lower case (`application/json` of
 * `Application/JSON; charset=utf-8`); '' for none. */
export const essenceOf = (contentType: string | undefined): string =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = essenceOf(contentType);
  return type === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type);
}

/** Whether an answer has a representation, and so a media type to judge: a 204, or a 200 or 202 with an
 * empty body, has none and rightly no Content-Type. */
export function hasRepresentation(res: HttpResponse): boolean {
  return res.status !== 204 && res.raw.length > 0;
}

/** ENT-JSON-RESPONSE: a response with a body carries JSON under a JSON media type. */
export function checkJsonResponse(res: HttpResponse): void {
  if (!hasRepresentation(res)) return;
  const contentType = res.header('content-type');
  if (!isJsonMediaType(contentType)) {
    throw new RuleFailure(
      `${describeExchange(res)}: Content-Type ${JSON.stringify(contentType ?? null)} is not a JSON media type`,
      {
        expected: 'application/json or an application/...+json type',
        actual: contentType ?? null,
        exchange: res.exchange,
      },
    );
  }
  // Any JSON value is JSON: whether a success must be an entity or a list is for the rules of 2.2 and 2.3.
  try {
    JSON.parse(res.text);
  } catch (e) {
    throw new RuleFailure(`${describeExchange(res)}: the body is not JSON (${(e as Error).message})`, {
      expected: 'a JSON body',
      actual: res.text.slice(0, 200),
      exchange: res.exchange,
    });
  }
}

/** ENT-CONTENT-TYPE-REQUIRED's writes: spec 2.1 requires the JSON Content-Type for POST and PUT; spec 9.2 gives PATCH
 * the same header in the versioned API only, so a legacy PATCH may take a body under any type. */
export function jsonContentTypeRequired(method: string, generation: Generation): boolean {
  return method === 'POST' || method === 'PUT' || (method === 'PATCH' && generation === 'v2');
}
