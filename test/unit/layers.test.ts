// The code's layers, lowest first: a module imports only from its own layer or below (docs/internals.md).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const layers: string[][] = [
  [
    'src/did-you-mean.ts',
    'src/json-file.ts',
    'src/invocation.ts',
    'src/exchange.ts',
    'src/generation.ts',
    'src/catalogue',
  ],
  ['src/outcome.ts'],
  ['src/http'],
  ['src/check-outcome.ts', 'src/profile'],
  ['src/judges'],
  ['src/target'],
  ['src/harness'],
  ['src/surface', 'src/probes', 'src/exchange-rules', 'src/har'],
  ['src/report'],
  ['src/runner', 'reporters', 'suites', 'reference'],
  ['src/cli'],
];

function rankOf(file: string): number {
  const rank = layers.findIndex((l) => l.some((part) => file === part || file.startsWith(`${part}/`)));
  if (rank < 0) throw new Error(`${file} is in no layer`);
  return rank;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('layers', () => {
  it('has no import running back up the layers', () => {
    const upward: string[] = [];
    for (const file of ['src', 'suites', 'reporters', 'reference'].flatMap(sources)) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const imported = normalize(join(dirname(file), spec!));
        if (rankOf(imported) > rankOf(file)) upward.push(`${file} -> ${imported}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
