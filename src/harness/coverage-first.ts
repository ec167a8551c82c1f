// Property checks over things the run can enumerate (entities and lists reached, events to place windows around)
// judge distinct things first: one of every kind before a second of any, none twice, and no more than the run's
// cases per property. Reading the same URL again would only repeat an answer already judged.
import fc from 'fast-check';
import { RuleFailure } from '../outcome.ts';
import { caseCount } from './cases.ts';
import { throwFirst } from './judge-all.ts';
import type { RunSetup } from '../target/run-setup.ts';

export interface Places<T> {
  /** What makes two items the same case (a URL): only the first of each is kept. */
  key: (item: T) => string;
  /** The kind an item belongs to (a resource path with its ids blanked): kinds are taken in turns. */
  kind: (item: T) => string;
}

/** A path with the ids blanked (every second segment after the version): /api/x/v2/groups/{}/clusters/{}. */
export function resourceKind(path: string): string {
  const parts = path.split('/');
  const version = parts.findIndex((p) => /^v\d/.test(p));
  return parts.map((p, i) => (version >= 0 && i > version && (i - version) % 2 === 0 ? '{}' : p)).join('/');
}

/** Up to `limit` distinct items, kinds in turns, each kind's items in an order drawn from `seed`. */
export function coverageFirst<T>(items: readonly T[], places: Places<T>, limit: number, seed: number): T[] {
  const seen = new Set<string>();
  const byKind = new Map<string, T[]>();
  for (const item of items) {
    const key = places.key(item);
    if (seen.has(key)) continue;
    seen.add(key);
    const kind = places.kind(item);
    byKind.set(kind, [...(byKind.get(kind) ?? []), item]);
  }
  const kinds = [...byKind.values()].map(
    (list) => fc.sample(fc.shuffledSubarray(list, { minLength: list.length }), { seed, numRuns: 1 })[0]!,
  );
  const chosen: T[] = [];
  for (let turn = 0; chosen.length < limit && kinds.some((k) => k.length > turn); turn++) {
    for (const k of kinds) if (turn < k.length && chosen.length < limit) chosen.push(k[turn]!);
  }
  return chosen;
}

/** The items a property judges: one of every kind, then others up to the run's cases (src/harness/cases.ts). */
export function coveringItems<T>(
  items: readonly T[],
  places: Places<T>,
  setup: Pick<RunSetup, 'numRuns' | 'cases' | 'seed'>,
): T[] {
  const kinds = new Set(items.map(places.kind)).size;
  return coverageFirst(items, places, caseCount(setup, kinds), setup.seed);
}

/** Judges every item (`judge` throws RuleFailure); then throws the first failure, telling how many there were. */
export async function judgeEach<T>(items: readonly T[], judge: (item: T) => Promise<void>): Promise<void> {
  const failures: RuleFailure[] = [];
  for (const item of items) {
    try {
      await judge(item);
    } catch (e) {
      if (!(e instanceof RuleFailure)) throw e;
      failures.push(e);
    }
  }
  throwFirst(failures, items.length);
}
