// `conformance rules`: the catalogue, as a table or JSON.
import { rules } from '../catalogue/catalogue.ts';
import { selectedRules } from './selection.ts';

export function listRules(o: { tags: string[]; json: boolean }): number {
  const ids = o.tags.length ? selectedRules([], o.tags) : undefined;
  const selected = ids ? rules.filter((r) => ids.has(r.id)) : rules;
  if (o.json) {
    process.stdout.write(`${JSON.stringify(selected, null, 2)}\n`);
    return 0;
  }
  const w = Math.max(...selected.map((r) => r.id.length));
  const tags = selected.map((r) => r.tags.join(','));
  const tw = Math.max(4, ...tags.map((t) => t.length));
  process.stdout.write(`${'§'.padEnd(5)} ${'rule'.padEnd(w)}  ${'level'.padEnd(6)}${'tags'.padEnd(tw)}  statement\n`);
  for (const [i, r] of selected.entries()) {
    process.stdout.write(
      `${r.section.padEnd(5)} ${r.id.padEnd(w)}  ${r.level.padEnd(6)}${tags[i]!.padEnd(tw)}  ${r.statement}\n`,
    );
  }
  process.stdout.write(`${selected.length} rules\n`);
  return 0;
}
