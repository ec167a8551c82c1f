// The suite files: the rate-limit suite runs first, alone; every other section's file is imported by one vitest
// file (suites/sections.test.ts), so that their checks run concurrently.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const suitesDir = fileURLToPath(new URL('../../suites/', import.meta.url));
export const limitsFile = '8-limits.test.ts';
export const sectionsFile = 'sections.test.ts';

/** Names (in suites/) of the files of every section but the rate limits. */
export function sectionFiles(): string[] {
  return readdirSync(suitesDir).filter((f) => f.endsWith('.test.ts') && f !== limitsFile && f !== sectionsFile).sort();
}
