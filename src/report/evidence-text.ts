// An exchange of the evidence as text, the way curl -v shows one: "> " lines were sent, "< " lines came back.
// Used where a person reads the evidence (JUnit failures, the HTML report); the JSON report keeps the structure.
import type { Exchange } from '../exchange.ts';

/** A JSON body indented, one field a line; any other body (or JSON cut short for the record) as it came. */
export function bodyText(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function exchangeText(e: Exchange): string {
  const lines = [`> ${e.request.method} ${e.request.url}`];
  for (const [k, v] of Object.entries(e.request.headers)) lines.push(`> ${k}: ${v}`);
  if (e.request.body !== undefined)
    lines.push(
      '>',
      ...bodyText(e.request.body)
        .split('\n')
        .map((l) => `> ${l}`),
    );
  if (e.response) {
    lines.push(`< ${e.response.status}`);
    for (const [k, v] of Object.entries(e.response.headers))
      for (const one of Array.isArray(v) ? v : [v]) lines.push(`< ${k}: ${one}`);
    if (e.response.body)
      lines.push(
        '<',
        ...bodyText(e.response.body)
          .split('\n')
          .map((l) => `< ${l}`),
      );
    if (e.response.body.length < e.response.bodyBytes) lines.push(`< [… ${e.response.bodyBytes} bytes in all]`);
  }
  if (e.error) lines.push(`! ${e.error.cause}: ${e.error.message}`);
  lines.push(`(${e.startedAt}, ${e.durationMs} ms)`);
  return lines.join('\n');
}

/** Expected or actual value of a check, as one readable string. */
export function valueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
}
