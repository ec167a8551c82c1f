// The marks a fault of the transport leaves on an answer: a 5xx, a body that is not JSON (cut short, or text of
// another kind), JSON of another type where an entity, a list or an error body belongs. An answer with such a mark
// decides a failure only when it repeats (src/harness/confirm.ts).
import type { TargetErrorCause } from '../outcome.ts';
import { type Exchange, evidenceBodyLimit } from '../exchange.ts';

export interface FaultSignature {
  cause: TargetErrorCause;
  /** What the answer showed: `503`, `an array`, `a body that is not JSON`. */
  what: string;
}

/** The type of a JSON value as the messages name it, when it is not an object. */
export function otherType(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return undefined;
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

/** The kind of the body: what its JSON is when not an object; the record keeps only its start when it is long. */
function bodyMark(body: string, bytes: number): FaultSignature | undefined {
  const notJson: FaultSignature = { cause: 'invalid-json', what: 'a body that is not JSON' };
  if (bytes > evidenceBodyLimit) {
    const start = body.trimStart()[0];
    if (start === '{') return undefined;
    return start === '[' ? { cause: 'wrong-type', what: 'an array' } : notJson;
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return notJson;
  }
  const type = otherType(value);
  return type ? { cause: 'wrong-type', what: type } : undefined;
}

/** The mark of a fault of the transport on the answer of `exchange`, if it has one. */
export function faultSignature(exchange: Exchange | undefined): FaultSignature | undefined {
  const response = exchange?.response;
  if (!response) return undefined;
  if (response.status >= 500) return { cause: 'unexpected-status', what: `status ${response.status}` };
  if (response.bodyBytes === 0) return undefined;
  return bodyMark(response.body, response.bodyBytes);
}
