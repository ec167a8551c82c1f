// The rule catalogue: every testable statement of the spec, as data (rules.json).
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export type Level = 'MUST' | 'SHOULD' | 'INFO';

export interface Rule {
  id: string;
  section: string;
  level: Level;
  statement: string;
  tags: string[];
  /** The suite files that hold its checks (its section's file; the exchange rules' file too for a part one exchange
   * can judge). */
  files: string[];
  note?: string;
}

export const catalogueFile = fileURLToPath(new URL('./rules.json', import.meta.url));

const raw = readFileSync(catalogueFile);
export const catalogueChecksum = createHash('sha256').update(raw).digest('hex');
export const rules: readonly Rule[] = (JSON.parse(raw.toString('utf8')) as { rules: Rule[] }).rules;

const byId = new Map(rules.map((r) => [r.id, r]));

export function findRule(id: string): Rule | undefined {
  return byId.get(id);
}

/** Compares spec section numbers ("2.10" after "2.9"). */
export function compareSections(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** Rule ids selected by explicit ids and/or tags; unknown ids or tags throw. */
export function selectRules(ids: string[], tags: string[]): Set<string> {
  const unknownIds = ids.filter((id) => !byId.has(id));
  if (unknownIds.length) throw new Error(`unknown rule id: ${unknownIds.join(', ')} (see 'conformance rules')`);
  const known = new Set(rules.flatMap((r) => r.tags));
  const unknownTags = tags.filter((t) => !known.has(t));
  if (unknownTags.length)
    throw new Error(`unknown tag: ${unknownTags.join(', ')} (known: ${[...known].sort().join(', ')})`);
  return new Set([...ids, ...rules.filter((r) => r.tags.some((t) => tags.includes(t))).map((r) => r.id)]);
}
