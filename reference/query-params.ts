// Typed query parameters; a value of the wrong form is 400 INVALID_QUERY_PARAMETER naming the parameter.
import { invalidQueryParameter } from './errors.ts';

export function booleanParameter(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const text = query.get(name);
  if (text === null) return fallback;
  if (text !== 'true' && text !== 'false') throw invalidQueryParameter(name);
  return text === 'true';
}

/** A non-negative integer; absent gives the fallback. */
export function integerParameter(query: URLSearchParams, name: string, fallback: number): number {
  const text = query.get(name);
  if (text === null || text === '') return fallback;
  if (!/^\d{1,15}$/.test(text)) throw invalidQueryParameter(name);
  return Number(text);
}
