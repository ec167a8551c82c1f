// Clusters that already exist in the profile's first project, read (never changed) in version 2023-02-01
// or under the legacy generation: what the cluster-shape rules judge without creating anything billable.
import { resultsOf } from '../../src/judges/list.ts';
import { expectServed } from '../../src/judges/served.ts';
import type { HttpResponse } from '../../src/http/messages.ts';
import { skipFor } from '../../src/outcome.ts';
import { clusterVersion } from '../../src/probes/cluster-bodies.ts';
import { cite } from '../../src/harness/evidence.ts';
import { once } from '../../src/harness/per-run.ts';
import { firstProject } from '../../src/target/projects.ts';
import { readLegacy } from '../../src/probes/resource-versions.ts';
import type { Target } from '../../src/target/target.ts';

export type Generation = 'v2' | 'legacy';

export interface ExistingClusters {
  /** The get-all answer and its items. */
  list: HttpResponse;
  items: unknown[];
  /** Get one of each of the first few listed clusters. */
  ones: HttpResponse[];
}

/** How many listed clusters are also read one by one. */
const readOneByOne = 3;

async function read(t: Target, generation: Generation): Promise<ExistingClusters> {
  const path = `/groups/${firstProject(t)}/clusters`;
  const get = (p: string) =>
    generation === 'v2' ? t.get(t.v2(p), { version: clusterVersion }) : readLegacy(t, t.legacy(p));
  const list = await get(path);
  expectServed(list, `GET ${path} (${generation}) is served`);
  const items = resultsOf(list, t.profile.paging);
  const names = items
    .map((c) => (c as { name?: unknown } | null)?.name)
    .filter((n): n is string => typeof n === 'string');
  const ones = await Promise.all(
    names.slice(0, readOneByOne).map((name) => get(`${path}/${encodeURIComponent(name)}`)),
  );
  return { list, items, ones };
}

/** The first project's clusters in one generation, read once per run; skipped when there are none. */
export async function existingClusters(t: Target, generation: Generation): Promise<ExistingClusters> {
  const found = await once(`existing-clusters:${generation}`, () => read(t, generation));
  for (const res of [found.list, ...found.ones]) cite(res.exchange);
  if (found.items.length === 0)
    skipFor('projects.ids', `the first project (projects.ids) holds no cluster to read (${generation})`);
  return found;
}
