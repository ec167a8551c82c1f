// What a write did to an entity: the comparisons the PATCH, PUT and POST rules judge with.
import { describe, expect, it } from 'vitest';
import { changedFields, notHeld } from '../../src/judges/fields.ts';

describe('entity field comparisons', () => {
  it('compares JSON values regardless of field order, but not of array order', () => {
    const same = (a: unknown, b: unknown) => changedFields({ f: a }, { f: b }, []).length === 0;
    expect(same({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(same([1, 2], [2, 1])).toBe(false);
    expect(same({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(same(null, {})).toBe(false);
  });

  it('names the fields that changed, appeared or disappeared, except those ignored', () => {
    const before = { id: 'x', enabled: true, matchers: [{ value: 'a' }], updated: '2025-01-01T00:00:00Z', gone: 1 };
    const after = { id: 'x', enabled: false, matchers: [{ value: 'b' }], updated: '2025-01-01T00:00:05Z', added: 2 };
    expect(changedFields(before, after, ['enabled', 'updated']).sort()).toEqual(['added', 'gone', 'matchers']);
  });

  it('finds the sent values an entity does not hold, by path; extra fields read back are fine', () => {
    const sent = { name: 'n', notifications: [{ delayMin: 5, roles: ['GROUP_OWNER'] }] };
    expect(
      notHeld(sent, { name: 'n', id: '1', notifications: [{ delayMin: 5, roles: ['GROUP_OWNER'], notifierId: 'z' }] }),
    ).toEqual([]);
    expect(notHeld(sent, { name: 'm', notifications: [{ delayMin: 0, roles: [] }] })).toEqual([
      'name',
      'notifications[0].delayMin',
      'notifications[0].roles',
    ]);
    expect(notHeld({ matchers: [{ value: 'a' }] }, { matchers: [] })).toEqual(['matchers']);
  });
});
