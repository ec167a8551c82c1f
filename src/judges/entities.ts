// What a response carries (spec 2.1-2.3): an entity, or a list whose results are entities; nothing for an error,
// an empty body, a body that is not a JSON object, or the empty object that acknowledges a DELETE or an accepted
// asynchronous request (202, spec 7).
import type { HttpResponse } from '../http/messages.ts';
import { isObject } from './json-walk.ts';

export type Carried =
  | { kind: 'entity'; body: Record<string, unknown> }
  | { kind: 'list'; body: Record<string, unknown>; items: unknown[] };

/** The parsed body, or undefined when there is none or it is not JSON (ENT-JSON-RESPONSE judges that). */
export function parsedBody(res: HttpResponse): unknown {
  if (res.raw.length === 0) return undefined;
  try {
    return JSON.parse(res.text);
  } catch {
    return undefined;
  }
}

/** Whether a body is the bare acknowledgement of a removal or of work accepted for later: no entity is left to show. */
function acknowledgement(res: HttpResponse, body: Record<string, unknown>): boolean {
  return (res.exchange.request.method === 'DELETE' || res.status === 202) && Object.keys(body).length === 0;
}

/** The entity or list of a 2xx response. */
export function carried(res: HttpResponse, resultsField: string): Carried | undefined {
  if (res.status < 200 || res.status >= 300) return undefined;
  const body = parsedBody(res);
  if (!isObject(body) || acknowledgement(res, body)) return undefined;
  const results = body[resultsField];
  return Array.isArray(results) ? { kind: 'list', body, items: results } : { kind: 'entity', body };
}

/** Every entity of a response: the entity itself, or the list and each of its items that is an object. */
export function entitiesOf(c: Carried): { entity: Record<string, unknown>; where: string; inList: boolean }[] {
  if (c.kind === 'entity') return [{ entity: c.body, where: 'the entity', inList: false }];
  return [
    { entity: c.body, where: 'the list', inList: false },
    ...c.items.flatMap((item, i) => (isObject(item) ? [{ entity: item, where: `item ${i}`, inList: true }] : [])),
  ];
}
