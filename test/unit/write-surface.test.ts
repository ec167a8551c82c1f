// The writable surface: the places in a body where a field can go, and the first cases that reach each cell of it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placesIn, type WritableResource } from '../../src/probes/surface/writes.ts';
import type { Target } from '../../src/target/target.ts';
import { spellPath } from '../../src/judges/names-field.ts';
import { depthOf, firstCases, writeOps } from '../../src/probes/write-operations.ts';

describe('the places of a body', () => {
  it('walks every object down to the leaves, inside arrays of objects too, with its depth', () => {
    const body = {
      name: 'n',
      tags: [],
      specs: [{ regions: [{ electable: { size: 'M10' } }] }],
      bi: { enabled: false },
      roles: ['A'],
    };
    const places = placesIn(body).map((p) => [p.at.join('.'), p.depth]);
    expect(places).toEqual([
      ['', 0],
      ['specs.0', 1],
      ['specs.0.regions.0', 2],
      ['specs.0.regions.0.electable', 3],
      ['bi', 1],
    ]);
  });

  it('names at each place the fields the entity has there as well as those sent, without links', () => {
    const [top, nested] = placesIn(
      { actions: [{ action: 'FIND' }] },
      { roleName: 'r', links: [], actions: [{ action: 'FIND', resources: [] }] },
    );
    expect(Object.keys(top!.fields).sort()).toEqual(['actions', 'roleName']);
    expect(Object.keys(nested!.fields).sort()).toEqual(['action', 'resources']);
  });

  it('counts the depth of a field by the objects that hold it', () => {
    expect(depthOf(['id'])).toBe(0);
    expect(depthOf(['replicationSpecs', 0, 'id'])).toBe(1);
  });
});

describe('the first cases of a rule', () => {
  const write = (method: 'POST' | 'PATCH', body: Record<string, unknown>) => ({
    method,
    path: '/x',
    body,
    places: placesIn(body),
    readOnly: [],
  });
  const resource = (title: string) => ({
    title,
    key: 'id',
    collection: '/x',
    generations: ['v2', 'v1.0'] as const,
    writes: [write('POST', { a: 1, b: [{ c: { d: 1 } }] }), write('PATCH', { a: 1 })],
  });
  // The same resource in two projects: its cells are reached once, the projects taking them in turn.
  const surface: WritableResource[] = [resource('thing'), resource('thing'), resource('other')].map((r) => ({
    ...r,
    generations: [...r.generations],
  }));
  const ops = writeOps(surface);
  const t = { setup: { seed: 42 } } as unknown as Target;

  it('reach each resource, method, generation and depth once, before any random case', () => {
    const cases = firstCases(t, fc.record({ op: fc.nat(), place: fc.nat(), name: fc.string() }), ops, (op) =>
      op.places.map((p) => ({ depth: p.depth, key: spellPath(p.at) })),
    );
    const cells = cases.map((c) => {
      const op = ops[c.op]!;
      return `${op.resource} ${op.method} ${op.generation} ${op.places[c.place]!.depth}`;
    });
    expect(new Set(cells).size).toBe(cells.length);
    // Per resource and generation: POST at depths 0, 1 and 2, PATCH at depth 0.
    expect(cells).toHaveLength(2 * 2 * 4);
    // Spread first: the first two cases reach both resources, under both generations.
    expect(
      cases
        .slice(0, 2)
        .map((c) => ops[c.op]!.resource)
        .sort(),
    ).toEqual(['other', 'thing']);
    expect(new Set(cases.slice(0, 4).map((c) => `${ops[c.op]!.resource} ${ops[c.op]!.generation}`)).size).toBe(4);
    // The same cell in the two projects of 'thing' is taken in turn.
    expect(new Set(cases.filter((c) => ops[c.op]!.resource === 'thing').map((c) => c.op >= 4))).toEqual(
      new Set([false, true]),
    );
    expect(cases.every((c) => typeof c.name === 'string')).toBe(true);
  });

  it('take the rarest slot of a cell first, and with every, each slot of each write once, rarest first', () => {
    const readOnly = (...names: string[]) => names.map((n) => ({ path: [n], value: 'x' }));
    const surface: WritableResource[] = ['thing', 'thing', 'other'].map((title) => ({
      ...resource(title),
      generations: ['v2'],
      writes: [{ ...write('PATCH', { a: 1 }), readOnly: readOnly('links', title === 'thing' ? 'name' : 'id') }],
    }));
    const ops = writeOps(surface);
    const slots = (op: (typeof ops)[number]) =>
      op.readOnlyBodies.map((r) => ({ depth: depthOf(r.path), key: spellPath(r.path) }));
    const named = (cases: { op: number; place: number }[]) =>
      cases.map((c) => `${ops[c.op]!.resource} ${spellPath(ops[c.op]!.readOnlyBodies[c.place]!.path)}`);
    const arbitrary = fc.record({ op: fc.nat(), place: fc.nat() });
    // One cell per resource: each takes the field only it has, not links, which both have.
    expect(named(firstCases(t, arbitrary, ops, slots)).sort()).toEqual(['other id', 'thing name']);
    const every = named(firstCases(t, arbitrary, ops, slots, { every: true }));
    expect(every.slice(0, 2).sort()).toEqual(['other id', 'thing name']);
    // Then each other field of each write once (not once per project).
    expect(every.slice(2).sort()).toEqual(['other links', 'thing links']);
  });
});
