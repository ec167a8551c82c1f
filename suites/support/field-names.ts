// Generated field names for the invalid-field rules (spec 2.1): names no resource has, and misspellings of the
// names a resource does have.
import fc from 'fast-check';

/** Edit distance (Levenshtein) between two names. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** A name that is no misspelling of any of `real`: more than three edits away from each. */
export const farFrom = (name: string, real: readonly string[]) =>
  real.every((r) => editDistance(name.toLowerCase(), r.toLowerCase()) > 3);

/** Unknown field names: a word no resource uses, and a generated tail. */
export const unknownFieldName = fc
  .tuple(
    fc.constantFrom('bogus', 'extra', 'unknown', 'notAField', 'conformance'),
    fc.stringMatching(/^[A-Z][a-zA-Z0-9]{0,8}$/),
  )
  .map(([word, tail]) => word + tail);

/** Values for a field: whatever its name, a target must refuse it. */
export const fieldValue = fc.oneof(fc.boolean(), fc.integer({ min: -1000, max: 1000 }), fc.string({ maxLength: 12 }));

const edits = ['swap', 'drop', 'double', 'replace', 'case'] as const;
type Edit = (typeof edits)[number];

/** A typing slip: the kind of edit, where (taken modulo the length), and the letter typed for `replace`. */
export const slip = fc.record({
  edit: fc.constantFrom(...edits),
  at: fc.nat(),
  letter: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
});

/** `name` with one slip made; may equal `name` (a swap of equal letters), which callers discard. */
export function misspell(name: string, { edit, at, letter }: { edit: Edit; at: number; letter: string }): string {
  const i = at % name.length;
  switch (edit) {
    case 'swap': {
      if (name.length < 2) return name;
      const j = at % (name.length - 1);
      return name.slice(0, j) + name[j + 1] + name[j] + name.slice(j + 2);
    }
    case 'drop':
      return name.length < 3 ? name : name.slice(0, i) + name.slice(i + 1);
    case 'double':
      return name.slice(0, i + 1) + name.slice(i);
    case 'replace':
      return name.slice(0, i) + letter + name.slice(i + 1);
    case 'case': {
      const c = name[i]!;
      return name.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + name.slice(i + 1);
    }
  }
}
