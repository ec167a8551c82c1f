// `conformance reference --list-mutants`: the mutants of the embedded reference target, for --mutant.
import { mutantCatalogue } from '../../reference/mutants.ts';

export function listMutants(): number {
  const w = Math.max(...mutantCatalogue.map((m) => m.id.length));
  for (const m of mutantCatalogue) process.stdout.write(`${m.id.padEnd(w)}  ${m.description}\n`);
  process.stdout.write(`${mutantCatalogue.length} mutants (each breaks the rule its id starts with)\n`);
  return 0;
}
