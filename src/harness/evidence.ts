// Collects the exchanges made on behalf of one rule check, also when checks run concurrently.
import type { Exchange } from '../exchange.ts';
import { type EvidenceLog, runningCheck, withCheckRun } from './check-run.ts';

/** Exchanges kept per check: the first ones, then the last; the count says how many there were. */
export const evidenceKeep = 12;

export function withEvidence<T>(log: EvidenceLog, fn: () => Promise<T>): Promise<T> {
  return withCheckRun({ evidence: log }, fn);
}

function keep(log: EvidenceLog, exchange: Exchange): void {
  if (log.exchanges.includes(exchange)) return;
  if (log.exchanges.length < evidenceKeep) log.exchanges.push(exchange);
  else log.exchanges[evidenceKeep - 1] = exchange;
}

/** Called for every exchange the client makes: it is evidence of the check that made it. */
export function record(exchange: Exchange): void {
  const log = runningCheck()?.evidence;
  if (!log) return;
  log.count += 1;
  keep(log, exchange);
}

/** Cites an exchange made earlier (by another check) as evidence of the current one. */
export function cite(exchange: Exchange): void {
  const log = runningCheck()?.evidence;
  if (log) keep(log, exchange);
}
