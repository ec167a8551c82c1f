// Generated field names (spec 2.1 invalid fields): misspellings stay close to the real name, unknown names far.
import { describe, expect, it } from 'vitest';
import { editDistance, farFrom, misspell } from '../../suites/support/field-names.ts';

describe('field names', () => {
  it('measures edit distance', () => {
    expect(editDistance('enabled', 'enabeld')).toBe(2);
    expect(editDistance('tags', 'tag')).toBe(1);
    expect(editDistance('', 'id')).toBe(2);
  });

  it('makes each slip one or two edits away', () => {
    const slips = [
      ['swap', 1, 'enabled', 'eanbled'],
      ['drop', 0, 'tags', 'ags'],
      ['double', 3, 'name', 'namee'],
      ['replace', 2, 'name', 'nawe'],
      ['case', 0, 'name', 'Name'],
    ] as const;
    for (const [edit, at, name, slipped] of slips) {
      expect(misspell(name, { edit, at, letter: 'w' })).toBe(slipped);
      expect(editDistance(name.toLowerCase(), slipped.toLowerCase())).toBeLessThanOrEqual(2);
    }
  });

  it('tells names far from every real one', () => {
    expect(farFrom('bogusX', ['id', 'name', 'tags'])).toBe(true);
    expect(farFrom('nmae', ['name'])).toBe(false);
  });
});
