// The rule catalogue is data; these tests keep it well-formed and anchored in the spec.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rules, selectRules } from '../../src/catalogue/catalogue.ts';
import { sectionTitles } from '../../src/catalogue/spec.ts';
import { mutantCatalogue as mutants } from '../../reference/mutants.ts';
import { exchangeRuleIds } from '../../src/exchange-rules/registry.ts';

describe('rule catalogue', () => {
  it('has unique, well-formed ids', () => {
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/);
  });

  it('anchors every rule in a section of the spec', () => {
    const missing = rules.filter((r) => !sectionTitles.has(r.section)).map((r) => `${r.id} §${r.section}`);
    expect(missing).toEqual([]);
  });

  it('gives every rule a level, a statement and tags', () => {
    for (const r of rules) {
      expect(['MUST', 'SHOULD', 'INFO'], r.id).toContain(r.level);
      expect(r.statement.length, r.id).toBeGreaterThan(20);
      expect(r.tags.length, r.id).toBeGreaterThan(0);
    }
  });

  it('keeps the spec copy identical to the shared spec when that is present', () => {
    let shared: string | undefined;
    try {
      shared = readFileSync('../shared/spec/admin-api-spec.md', 'utf8');
    } catch {
      return; // a clone without the shared folder beside it
    }
    expect(readFileSync('spec/admin-api-spec.md', 'utf8')).toBe(shared);
  });

  it('names, for each rule, exactly the suite files that declare its checks', () => {
    const declared = new Map<string, Set<string>>();
    for (const name of readdirSync('suites').filter((f) => f.endsWith('.test.ts'))) {
      const file = `suites/${name}`;
      for (const [, id] of readFileSync(file, 'utf8').matchAll(/\bcheck\(\s*'([A-Z][A-Z0-9-]+)'/g)) {
        if (!declared.has(id!)) declared.set(id!, new Set());
        declared.get(id!)!.add(file);
      }
    }
    const wrong = rules
      .map((r) => ({ id: r.id, named: [...r.files].sort(), declared: [...(declared.get(r.id) ?? [])].sort() }))
      .filter((r) => r.named.join() !== r.declared.join());
    expect(wrong).toEqual([]);
    const unknown = [...declared.keys()].filter((id) => !rules.some((r) => r.id === id));
    expect(unknown, 'checks of rules the catalogue lacks').toEqual([]);
  });

  it('gives every rule judged on every exchange planned checks besides, which judge it when no answer of its kind came', () => {
    const alone = exchangeRuleIds.filter(
      (id) => !rules.find((r) => r.id === id)!.files.some((f) => f !== 'suites/exchange-rules.test.ts'),
    );
    expect(exchangeRuleIds.length).toBeGreaterThan(0);
    expect(alone).toEqual([]);
  });

  it('selects by id and tag, and refuses unknown ones', () => {
    expect(selectRules(['METH-405'], ['smoke']).has('ERR-BODY-FIELDS')).toBe(true);
    expect(() => selectRules(['NO-SUCH-RULE'], [])).toThrow('unknown rule id: NO-SUCH-RULE');
    expect(() => selectRules([], ['nope'])).toThrow(/unknown tag: nope/);
  });
});

describe('mutants of the reference target', () => {
  it('each names a catalogue rule, with an id that is the rule id or rule:variant', () => {
    const ids = new Set(rules.map((r) => r.id));
    for (const m of mutants) {
      expect(ids.has(m.rule), `${m.id} names unknown rule ${m.rule}`).toBe(true);
      expect(m.id === m.rule || m.id.startsWith(`${m.rule}:`), m.id).toBe(true);
      expect(m.description.length, m.id).toBeGreaterThan(10);
    }
    expect(new Set(mutants.map((m) => m.id)).size).toBe(mutants.length);
  });

  it('run beside other rules only for a rule one exchange can judge, and only beside known rules', () => {
    const ids = new Set(rules.map((r) => r.id));
    for (const m of mutants.filter((m) => m.alongside)) {
      expect(exchangeRuleIds, `${m.id} runs alongside others but its rule has no exchange rule`).toContain(m.rule);
      expect(
        m.alongside!.filter((id) => !ids.has(id) || id === m.rule),
        m.id,
      ).toEqual([]);
    }
  });
});
