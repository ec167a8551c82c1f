// Whether answers to requests sent at once, and the state they left, are those of some serial order of the same
// requests: creates and deletes of entities named by a unique value, starting from the names held before.

export type Outcome = 'done' | 'conflict' | 'missing';

export interface Step {
  op: 'create' | 'delete';
  name: string;
  /** What the target answered: done (2xx), conflict (409), missing (404). */
  outcome: Outcome;
}

/** The answer a step gets in `held` (names held), and the names held after it. */
function apply(step: Step, held: ReadonlySet<string>): { outcome: Outcome; after: Set<string> } {
  const after = new Set(held);
  if (step.op === 'create') {
    if (held.has(step.name)) return { outcome: 'conflict', after };
    after.add(step.name);
    return { outcome: 'done', after };
  }
  return after.delete(step.name) ? { outcome: 'done', after } : { outcome: 'missing', after };
}

/** A serial order of `steps` that, from the names `before`, gives every step its answer and ends holding each name of
 * `end` once (`end` counts the entities of each name); undefined when there is none. */
export function serialOrder(
  steps: readonly Step[],
  before: ReadonlySet<string>,
  end: ReadonlyMap<string, number>,
): Step[] | undefined {
  const endsRight = (held: ReadonlySet<string>) =>
    [...end].every(([name, n]) => n === (held.has(name) ? 1 : 0)) && [...held].every((name) => end.get(name) === 1);
  const search = (held: ReadonlySet<string>, left: readonly Step[], order: Step[]): Step[] | undefined => {
    if (left.length === 0) return endsRight(held) ? order : undefined;
    for (const [k, step] of left.entries()) {
      const { outcome, after } = apply(step, held);
      if (outcome !== step.outcome) continue;
      const found = search(after, [...left.slice(0, k), ...left.slice(k + 1)], [...order, step]);
      if (found) return found;
    }
    return undefined;
  };
  return search(before, steps, []);
}
