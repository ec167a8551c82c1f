// Spec 2.3: pages of one result set, compared with the whole set (items named by their keys).

export interface PartitionDefects {
  /** Items shown on more than one page, or twice on one. */
  duplicated: string[];
  /** Items of the result set that no page shows. */
  missing: string[];
  /** Items a page shows that the result set does not hold. */
  foreign: string[];
}

/** How the pages fail to show every item of `all` exactly once; empty lists when they do. */
export function partitionDefects(all: readonly string[], pages: readonly (readonly string[])[]): PartitionDefects {
  const seen = new Map<string, number>();
  for (const key of pages.flat()) seen.set(key, (seen.get(key) ?? 0) + 1);
  const members = new Set(all);
  return {
    duplicated: [...seen].filter(([, n]) => n > 1).map(([key]) => key),
    missing: all.filter((key) => !seen.has(key)),
    foreign: [...seen.keys()].filter((key) => !members.has(key)),
  };
}

export const isPartition = (d: PartitionDefects) => d.duplicated.length + d.missing.length + d.foreign.length === 0;

/** Whether `page` is the start of `all`: the first items, in order. */
export const isPrefix = (page: readonly string[], all: readonly string[]) => page.every((key, i) => all[i] === key);
