// The readings of one run of a check: per request (method, URL, credential, the headers that choose what is
// answered and the body sent), every answer the target gave it. A failure judged on a body stands only when a
// second run of the check reads the same request and gets the same answer again (src/harness/confirm.ts): a body
// that differs between two readings of the same unchanged thing is a fault of the transport, not of the target.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange, SentRequest } from '../http/exchange.ts';

/** What the target answered, as kept in the exchange. */
export interface Reading {
  status: number;
  body: string;
}

/** The request headers that choose what the target answers. */
const choosing = ['accept', 'content-type'];

function requestKey(r: SentRequest): string {
  const headers = Object.entries(r.headers)
    .filter(([name]) => choosing.includes(name.toLowerCase()))
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .sort();
  return JSON.stringify([r.method, r.url, r.credentialEnv ?? null, headers, r.body ?? null]);
}

/** The answer of an exchange, when it has one. */
export function readingOf(exchange: Exchange | undefined): Reading | undefined {
  const response = exchange?.response;
  return response ? { status: response.status, body: response.body } : undefined;
}

export const sameReading = (a: Reading, b: Reading): boolean => a.status === b.status && a.body === b.body;

export class Readings {
  private readonly byRequest = new Map<string, Reading[]>();

  add(exchange: Exchange): void {
    const reading = readingOf(exchange);
    if (!reading) return;
    const key = requestKey(exchange.request);
    const seen = this.byRequest.get(key);
    if (seen) seen.push(reading);
    else this.byRequest.set(key, [reading]);
  }

  /** Every answer read for the request of `exchange` in this run, in order (none when it was not sent). */
  of(exchange: Exchange): Reading[] {
    return this.byRequest.get(requestKey(exchange.request)) ?? [];
  }
}

const current = new AsyncLocalStorage<Readings>();

/** Runs `fn` keeping the readings of every request it sends in `readings`. */
export function withReadings<T>(readings: Readings, fn: () => Promise<T>): Promise<T> {
  return current.run(readings, fn);
}

/** Called for every exchange the client makes: a reading of the run of the check that made it. */
export function noteReading(exchange: Exchange): void {
  current.getStore()?.add(exchange);
}
