// Collects the exchanges made on behalf of one rule check, also when checks run concurrently.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../exchange.ts';

export interface EvidenceLog {
  exchanges: Exchange[];
  count: number;
}

/** Exchanges kept per check: the first ones, then the last; the count says how many there were. */
export const evidenceKeep = 12;

const current = new AsyncLocalStorage<EvidenceLog>();

export function withEvidence<T>(log: EvidenceLog, fn: () => Promise<T>): Promise<T> {
  return current.run(log, fn);
}

function keep(log: EvidenceLog, exchange: Exchange): void {
  if (log.exchanges.includes(exchange)) return;
  if (log.exchanges.length < evidenceKeep) log.exchanges.push(exchange);
  else log.exchanges[evidenceKeep - 1] = exchange;
}

/** Called for every exchange the client makes: it is evidence of the check that made it. */
export function record(exchange: Exchange): void {
  const log = current.getStore();
  if (!log) return;
  log.count += 1;
  keep(log, exchange);
}

/** Cites an exchange made earlier (by another check) as evidence of the current one. */
export function cite(exchange: Exchange): void {
  const log = current.getStore();
  if (log) keep(log, exchange);
}
