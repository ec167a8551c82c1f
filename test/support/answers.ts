// Answers of a target as the client returns them, built from a method, a URL, a status, headers and a body.
import { HttpResponse } from '../../src/http/messages.ts';

/** An answer to `method url`; a body that is not a string is sent as its JSON text. */
export function answer(
  method: string,
  url: string,
  status: number,
  headers: Record<string, string> = {},
  body: unknown = '',
): HttpResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const exchange = { request: { method, url, headers: {} }, startedAt: '', durationMs: 0 };
  return new HttpResponse(status, headers, Buffer.from(text), exchange);
}
