// Each mutant of reference/mutants.json changes what its rule checks, and an unknown id is refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startReferenceTarget } from '../../reference/server.ts';
import { IDS, SECRETS, V2, call, start, type Call, type Exchange, type Started } from './helpers.ts';

/** What each mutant must change, observed on one request. */
const effects: Record<string, { path: string; method?: string; as?: Call['as']; expect: (r: Exchange, s: Started) => void }> = {
  'ERR-BODY-FIELDS': { path: `${V2}/groups`, as: undefined, expect: (r) => { expect(r.status).toBe(401); expect(r.json).not.toHaveProperty('parameters'); } },
  'ERR-STATUS-MATCH': { path: `${V2}/nothing`, expect: (r) => { expect(r.status).toBe(404); expect(r.json.error).toBe(405); expect(r.json.reason).toBe('Not Found'); } },
  'ERR-REASON-TEXT': { path: `${V2}/nothing`, expect: (r) => { expect(r.status).toBe(404); expect(r.json.reason).toBe('Error'); expect(r.json.error).toBe(404); } },
  'ERR-RESOURCE-NOT-FOUND': {
    path: `${V2}/nothing`,
    expect: (r) => { expect(r.json.parameters).toEqual([]); expect(r.json.detail).toBe(`Cannot find resource ${V2}/nothing.`); },
  },
  'LIST-EMPTY-200': { path: `${V2}/groups/${IDS.groupEmpty}/clusters`, expect: (r) => { expect(r.status).toBe(404); expect(r.json.errorCode).toBe('RESOURCE_NOT_FOUND'); } },
  'LIST-MISSING-CONTEXT-404': { path: `${V2}/groups/${IDS.missingGroup}/clusters`, expect: (r) => { expect(r.status).toBe(200); expect(r.json.results).toEqual([]); } },
  'METH-405': { path: `${V2}/groups`, method: 'DELETE', expect: (r) => { expect(r.status).toBe(404); expect(r.json.errorCode).toBe('RESOURCE_NOT_FOUND'); } },
};

const catalogue = JSON.parse(readFileSync(new URL('../../reference/mutants.json', import.meta.url), 'utf8')) as { id: string; rule: string }[];

describe('mutants', () => {
  it('lists each mutant once, named by its rule', () => {
    expect(new Set(catalogue.map((m) => m.id)).size).toBe(catalogue.length);
    for (const m of catalogue) expect(m.id === m.rule || m.id.startsWith(`${m.rule}:`)).toBe(true);
    expect(Object.keys(effects).sort()).toEqual(catalogue.map((m) => m.id).sort());
  });

  it.each(catalogue.map((m) => m.id))('%s changes its rule, and the unmutated target does not', async (id) => {
    const effect = effects[id];
    const plain = await start();
    const mutated = await start({ mutants: [id] });
    try {
      const as = 'as' in effect ? effect.as : 'owner';
      const before = await call(plain, effect.path, { as, method: effect.method });
      expect(() => effect.expect(before, plain)).toThrow();
      effect.expect(await call(mutated, effect.path, { as, method: effect.method }), mutated);
    } finally {
      await Promise.all([plain.close(), mutated.close()]);
    }
  });

  it('refuses an unknown mutant id by name', async () => {
    await expect(startReferenceTarget({ secrets: SECRETS, mutants: ['NO-SUCH-RULE'] })).rejects.toThrow(/NO-SUCH-RULE/);
  });
});
