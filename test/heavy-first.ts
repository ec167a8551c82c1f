// Orders the project's test files so that the workers end together: the longest first. On a first run (a fresh
// clone, as in CI) vitest knows no durations and orders by file size, which put the mutation shares, three lines
// that run for minutes each, last, where one of them ran alone. The shares go first, then the files measured to run
// longest (several whole suites each), then the other files that run suites (e2e, hostile, safety), then the rest;
// each group in vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const longest = ['package', 'action', 'profile-shapes', 'certificate', 'verdicts', 'cleanup', 'cleanup-refusals'];
const groups = [
  /\/test\/mutation\/mutants-\d+\.test\.ts$/,
  new RegExp(`/test/\\w+/(${longest.join('|')})\\.test\\.ts$`),
  /\/test\/(e2e|hostile|safety|mutation)\//,
  /./,
];
const groupOf = (f: TestSpecification) => groups.findIndex((g) => g.test(f.moduleId));

export default class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return groups.flatMap((_, i) => sorted.filter((f) => groupOf(f) === i));
  }
}
