// The section loader takes the section files of suites/ and nothing else: suites/support/ holds helpers, not sections.
import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { rules } from '../../src/catalogue/catalogue.ts';
import {
  exchangesFile,
  filesOfRules,
  limitsFile,
  sectionFiles,
  sectionsFile,
  suitesDir,
} from '../../src/runner/section-files.ts';

test('every section file but the rate limits is loaded, and no support module', () => {
  const files = sectionFiles();
  expect(readdirSync(`${suitesDir}support`).length).toBeGreaterThan(0);
  expect(files.filter((f) => f.includes('support'))).toEqual([]);
  expect(files).not.toContain(limitsFile);
  expect(files).not.toContain(sectionsFile);
  expect(files).toContain('9.5-clusters.test.ts');
  expect(files.every((f) => /^\d[\d.]*-[\w-]+\.test\.ts$/.test(f))).toBe(true);
});

test('a run of some rules evaluates the files that hold their checks, and a run of every rule every file', () => {
  expect(filesOfRules(['METH-PATCH-PARTIAL'])).toEqual(new Set(['4.1-methods.test.ts']));
  expect(filesOfRules(['ENT-JSON-RESPONSE', 'LIMITS-CONCURRENT'])).toEqual(
    new Set(['2.1-format.test.ts', exchangesFile, limitsFile]),
  );
  expect([...filesOfRules(rules.map((r) => r.id))].sort()).toEqual(
    [...sectionFiles(), exchangesFile, limitsFile].sort(),
  );
});
