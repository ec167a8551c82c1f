// Spec 2.1 "Responses have extraneous whitespace stripped. With query parameter pretty=true on any request, the
// JSON is pretty-printed." Judged on the raw bytes, so that number formatting never matters.
import { isDeepStrictEqual } from 'node:util';
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { describeExchange } from './status.ts';

/** Offset of the first whitespace outside JSON strings, or -1: a compact rendering has none. */
export function strayWhitespace(text: string): number {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') return i;
  }
  return -1;
}

/** ENT-COMPACT-WHITESPACE: no whitespace between the tokens of the body (nor before or after them). */
export function checkCompact(res: HttpResponse): void {
  const text = res.text;
  const at = strayWhitespace(text);
  if (at < 0) return;
  throw new RuleFailure(`${describeExchange(res)}: whitespace at byte ${at} of the body, outside any string`, {
    expected: 'a compact body',
    actual: JSON.stringify(text.slice(Math.max(0, at - 30), at + 30)),
    exchange: res.exchange,
  });
}

/** Whether a value has members, so that a pretty rendering of it spans lines. */
const hasMembers = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length > 0;

/** ENT-PRETTY: the response to pretty=true holds `value` (the plain response's), rendered over indented lines. */
export function checkPretty(pretty: HttpResponse, value: unknown): void {
  // A body that is not JSON at all is ENT-JSON-RESPONSE's to judge: here it leaves the rule unjudged.
  const parsed = pretty.json();
  if (!isDeepStrictEqual(parsed, value)) {
    throw new RuleFailure(`${describeExchange(pretty)}: pretty=true changed the JSON value, not only its layout`, {
      expected: value,
      actual: parsed,
      exchange: pretty.exchange,
    });
  }
  checkIndented(pretty, value);
}

/** ENT-PRETTY where the plain answer holds other values (a write's): the fields of `value`, over indented lines. */
export function checkPrettyFields(pretty: HttpResponse, value: unknown): void {
  const fields = (v: unknown) => (typeof v === 'object' && v !== null ? Object.keys(v).sort() : typeof v);
  const parsed = pretty.json();
  if (!isDeepStrictEqual(fields(parsed), fields(value))) {
    throw new RuleFailure(`${describeExchange(pretty)}: pretty=true changed the JSON value, not only its layout`, {
      expected: { fields: fields(value) },
      actual: parsed,
      exchange: pretty.exchange,
    });
  }
  checkIndented(pretty, value);
}

/** ENT-PRETTY on one answer: a body holding `value`, which has members, spans indented lines. */
export function checkIndented(pretty: HttpResponse, value: unknown): void {
  if (hasMembers(value) && !/\n[ \t]+\S/.test(pretty.text)) {
    throw new RuleFailure(`${describeExchange(pretty)}: pretty=true did not indent the JSON over several lines`, {
      expected: 'an indented rendering',
      actual: pretty.text.slice(0, 200),
      exchange: pretty.exchange,
    });
  }
}
