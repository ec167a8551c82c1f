// The section loader takes the section files of suites/ and nothing else: suites/support/ holds helpers, not sections.
import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { limitsFile, sectionFiles, sectionsFile, suitesDir } from '../../src/runner/section-files.ts';

test('every section file but the rate limits is loaded, and no support module', () => {
  const files = sectionFiles();
  expect(readdirSync(`${suitesDir}support`).length).toBeGreaterThan(0);
  expect(files.filter((f) => f.includes('support'))).toEqual([]);
  expect(files).not.toContain(limitsFile);
  expect(files).not.toContain(sectionsFile);
  expect(files).toContain('9.5-clusters.test.ts');
  expect(files.every((f) => /^\d[\d.]*-[\w-]+\.test\.ts$/.test(f))).toBe(true);
});
