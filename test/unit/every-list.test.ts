// Judging every list of the run: each list is judged, failures come first in the lists' order, faults after them.
import { describe, expect, it } from 'vitest';
import { RuleFailure, TargetError } from '../../src/outcome.ts';
import { Coverage } from '../../src/harness/coverage.ts';
import { judgeEveryList } from '../../src/probes/every-list.ts';
import type { PagedList } from '../../src/probes/surface/paged-lists.ts';

const lists: PagedList[] = ['/a', '/b', '/c'].map((path) => ({ title: path, generation: 'v2', path }));

async function run(
  judge: (l: PagedList) => Promise<string | undefined>,
): Promise<{ coverage: Coverage; error?: unknown }> {
  const coverage = new Coverage();
  try {
    await judgeEveryList(coverage, lists, judge);
    return { coverage };
  } catch (error) {
    return { coverage, error };
  }
}

describe('judgeEveryList', () => {
  it('counts each list by what it let the rule judge', async () => {
    const { coverage, error } = await run(async (l) =>
      l.path === '/b' ? 'empty list' : l.path === '/c' ? undefined : 'list',
    );
    expect(error).toBeUndefined();
    expect(coverage.list()).toEqual([
      { what: 'list', count: 1, places: 1 },
      { what: 'empty list', count: 1, places: 1 },
    ]);
  });

  it("judges every list and reports the first failure in the lists' order, with how many more", async () => {
    const seen: string[] = [];
    const { error } = await run(async (l) => {
      seen.push(l.path);
      if (l.path === '/a') await new Promise((r) => setTimeout(r, 5));
      if (l.path !== '/b') throw new RuleFailure(`bad ${l.path}`);
      return 'list';
    });
    expect(seen.sort()).toEqual(['/a', '/b', '/c']);
    expect(error).toBeInstanceOf(RuleFailure);
    expect((error as Error).message).toBe('bad /a (1 more of 3 failed too)');
  });

  it('leaves the rule unjudged by a fault only when no list failed', async () => {
    const faulty = await run(async (l) => {
      if (l.path === '/a') throw new TargetError('nothing-judged', 'page 1 moved');
      return 'list';
    });
    expect(faulty.error).toBeInstanceOf(TargetError);
    expect((faulty.error as TargetError).cause).toBe('nothing-judged');
    const failed = await run(async (l) => {
      if (l.path === '/a') throw new TargetError('nothing-judged', 'page 1 moved');
      if (l.path === '/c') throw new RuleFailure('bad /c');
      return 'list';
    });
    expect(failed.error).toBeInstanceOf(RuleFailure);
  });

  it('is not a pass when no list had anything to judge', async () => {
    const { error } = await run(async () => undefined);
    expect((error as TargetError).cause).toBe('nothing-judged');
  });
});
