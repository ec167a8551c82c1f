// A check of a list judged between two whole readings that must agree: a first try reads with the suite's writes free,
// later tries with them held back, a failure counts only from a held-back try, and a list seen changing is read held
// back from the first try on for the rest of the run.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uncounted } from '../../src/harness/coverage.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';
import { againWhileUnchanged, whileUnchanged } from '../../src/probes/pages.ts';
import { fakeTarget, keysOf } from '../support/fake-lists.ts';

const run = vi.hoisted(() => ({ id: 'run-0' }));
vi.mock('vitest', async (actual) => ({
  ...(await actual<typeof import('vitest')>()),
  inject: () => ({ runId: run.id }),
}));

let runs = 0;
/** A run of its own: no list is remembered as changing. */
const freshRun = () => {
  run.id = `run-${++runs}`;
};
beforeEach(freshRun);

/** The one page a whole reading of a list of fewer than 4 items takes. */
const whole = (path: string) => `${path}?pageNum=1&itemsPerPage=4`;

describe('whileUnchanged', () => {
  it('runs the check once on a list that holds still, with the writes never held back', async () => {
    const { t, sent, held } = fakeTarget({ '/a': 2 });
    const given: string[][] = [];
    const value = await whileUnchanged(uncounted, t, '/a', async (all) => {
      given.push(all);
      return 'judged';
    });
    expect(value).toBe('judged');
    expect(given).toEqual([keysOf('/a', 2)]);
    expect(sent).toEqual([whole('/a'), whole('/a')]);
    expect(held).toEqual([false, false]);
  });

  it('tries again with the writes held back when another write changed the list, and takes that outcome', async () => {
    const sizes = { '/a': 2 };
    const { t, held } = fakeTarget(sizes);
    const given: string[][] = [];
    const value = await whileUnchanged(uncounted, t, '/a', async (all) => {
      given.push(all);
      if (given.length === 1) sizes['/a'] = 3;
      return `try ${given.length}`;
    });
    expect(value).toBe('try 2');
    expect(given).toEqual([keysOf('/a', 2), keysOf('/a', 3)]);
    expect(held).toEqual([false, false, true, true]);
  });

  it('does not judge a failure from a try with the writes free, though the readings agree', async () => {
    const { t, held } = fakeTarget({ '/a': 2 });
    let tries = 0;
    const value = await whileUnchanged(uncounted, t, '/a', async () => {
      if (++tries === 1) throw new RuleFailure('an item is missing from its page');
      return 'held';
    });
    expect(value).toBe('held');
    expect(held).toEqual([false, false, true, true]);
  });

  it('throws the failure of a held-back try whose readings agree', async () => {
    const { t, held } = fakeTarget({ '/a': 2 });
    const failures: RuleFailure[] = [];
    const error = await whileUnchanged(uncounted, t, '/a', async () => {
      const failure = new RuleFailure(`try ${failures.length + 1}`);
      failures.push(failure);
      throw failure;
    }).catch((e: unknown) => e);
    expect(failures).toHaveLength(2);
    expect(error).toBe(failures[1]);
    expect(held).toEqual([false, false, true, true]);
  });

  it('does not judge the failure of a held-back try when the list changed meanwhile', async () => {
    const sizes = { '/a': 2 };
    const { t, held } = fakeTarget(sizes);
    let tries = 0;
    const value = await whileUnchanged(uncounted, t, '/a', async () => {
      if (++tries === 3) return 'held and still';
      if (tries === 2) sizes['/a'] = 3;
      throw new RuleFailure(`try ${tries}`);
    });
    expect(value).toBe('held and still');
    expect(held).toEqual([false, false, true, true, true, true]);
  });

  it('starts held back on a list seen changing earlier in the run; other lists and a new run start free', async () => {
    const sizes = { '/a': 2, '/b': 2 };
    const { t, sent, held } = fakeTarget(sizes);
    let changed = false;
    await whileUnchanged(uncounted, t, '/a', async () => {
      if (!changed) sizes['/a'] = 3;
      changed = true;
    });
    const still = async () => 'judged';
    const readings = async (path: string) => {
      const from = sent.length;
      expect(await whileUnchanged(uncounted, t, path, still)).toBe('judged');
      expect(sent.slice(from)).toEqual([whole(path), whole(path)]);
      return held.slice(from);
    };
    expect(await readings('/a')).toEqual([true, true]);
    expect(await readings('/b')).toEqual([false, false]);
    expect(await readings('/a')).toEqual([true, true]);
    freshRun();
    expect(await readings('/a')).toEqual([false, false]);
  });

  it.each([
    ['holds', async () => 'held'],
    [
      'fails',
      async () => {
        throw new RuleFailure('an item is missing from its page');
      },
    ],
  ])('leaves the rule unjudged when the list changes during every try and the check %s', async (_, judge) => {
    const sizes = { '/a': 0 };
    const { t, held } = fakeTarget(sizes);
    let tries = 0;
    const error = await whileUnchanged(uncounted, t, '/a', async () => {
      tries++;
      sizes['/a']++;
      return judge();
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetError);
    expect((error as TargetError).cause).toBe('nothing-judged');
    expect(tries).toBe(3);
    expect(held).toEqual([false, false, true, true, true, true]);
  });
});

describe('againWhileUnchanged', () => {
  it('takes a settled outcome judged on the keys at hand, without reading the list', async () => {
    const { t, sent } = fakeTarget({ '/a': 2 });
    const value = await againWhileUnchanged(uncounted, t, '/a', ['shared'], async (all, fresh) => ({ all, fresh }));
    expect(value).toEqual({ all: ['shared'], fresh: false });
    expect(sent).toEqual([]);
  });

  it('judges a failure or an unsettled outcome at hand again from fresh readings of a list that held still', async () => {
    const { t, sent } = fakeTarget({ '/a': 2 });
    const fresh = { all: keysOf('/a', 2), fresh: true };
    const failed = await againWhileUnchanged(uncounted, t, '/a', ['shared'], async (all, fresh) => {
      if (!fresh) throw new RuleFailure('an item is missing from its page');
      return { all, fresh };
    });
    expect(failed).toEqual(fresh);
    const unsettled = await againWhileUnchanged(
      uncounted,
      t,
      '/a',
      ['shared'],
      async (all, fresh) => ({ all, fresh }),
      (v) => v.fresh,
    );
    expect(unsettled).toEqual(fresh);
    expect(sent).toEqual(Array(4).fill(whole('/a')));
  });
});
