// The suite files: the rate-limit suite runs first, alone; every other section's file is imported by one vitest
// file (suites/sections.test.ts), so that their checks run concurrently; the exchange rules judge what they all
// received, last (suites/exchange-rules.test.ts).
import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRule } from '../catalogue/catalogue.ts';

export const suitesDir = fileURLToPath(new URL('../../suites/', import.meta.url));
/** '.ts' in the clone (run through tsx and vitest), '.js' in the built package (dist/). */
export const sourceExtension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
export const limitsFile = `8-limits.test${sourceExtension}`;
export const sectionsFile = `sections.test${sourceExtension}`;
export const exchangesFile = `exchange-rules.test${sourceExtension}`;

/** Names (in suites/) of the files of every section but the rate limits (and the exchange rules, of every section). */
export function sectionFiles(): string[] {
  return readdirSync(suitesDir)
    .filter((f) => f.endsWith(`.test${sourceExtension}`) && ![limitsFile, sectionsFile, exchangesFile].includes(f))
    .sort();
}

/** Names (in suites/) of the files that hold the checks of `rules` (the catalogue's `files`), with this tree's
 * extension. */
export function filesOfRules(rules: Iterable<string>): Set<string> {
  return new Set(
    [...rules].flatMap((id) => findRule(id)?.files ?? []).map((f) => basename(f).replace(/\.ts$/, sourceExtension)),
  );
}
