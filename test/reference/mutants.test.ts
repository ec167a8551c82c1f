// The mutant switch of the reference target. What each mutant breaks is proven through the suite itself
// by the mutation self-test (test/mutation/); here: the switch refuses what it does not know.
import { describe, expect, it } from 'vitest';
import { createMutants } from '../../reference/mutants.ts';
import { startReferenceTarget } from '../../reference/server.ts';
import { SECRETS } from './helpers.ts';

describe('mutant switch', () => {
  it('refuses an unknown mutant id by name', async () => {
    await expect(startReferenceTarget({ secrets: SECRETS, mutants: ['NO-SUCH-RULE'] })).rejects.toThrow(/NO-SUCH-RULE/);
  });

  it('refuses a check in code of an id missing from the catalogue', () => {
    expect(() => createMutants([]).has('NO-SUCH-RULE')).toThrow(/NO-SUCH-RULE/);
  });
});
