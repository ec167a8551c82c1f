// `conformance rules`: the catalogue, as a table or JSON.
import { rules, selectRules } from '../catalogue/catalogue.ts';
import { UsageError } from './args.ts';

export function listRules(o: { tags: string[]; json: boolean }): number {
  let selected = rules;
  if (o.tags.length) {
    let ids: Set<string>;
    try {
      ids = selectRules([], o.tags);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    selected = rules.filter((r) => ids.has(r.id));
  }
  if (o.json) {
    process.stdout.write(JSON.stringify(selected, null, 2) + '\n');
    return 0;
  }
  const w = Math.max(...selected.map((r) => r.id.length));
  for (const r of selected) process.stdout.write(`${r.section.padEnd(5)} ${r.id.padEnd(w)}  ${r.level.padEnd(4)}  ${r.statement}\n`);
  process.stdout.write(`${selected.length} rules\n`);
  return 0;
}
