// What exists on the reference target, read through its API as the owner: the projects, and in each project the
// entities a run creates (alert configurations, clusters, custom database roles). Compared before and after a run,
// and searched for the run's marks (the profile's name prefix and the run id), it shows what a run left behind.
import { HttpClient } from '../../src/http/client.ts';
import { Redactor } from '../../src/http/redactor.ts';
import type { LiveReference } from './live-target.ts';

const api = '/api/platform/v2';
const accept = { accept: 'application/vnd.platform.2023-02-01+json' };
const collections = ['alertConfigs', 'clusters', 'customDBRoles/roles'];

/** Every entity, by where it is listed and its key (id, or name where its paths use the name), as JSON. */
export type Inventory = Map<string, string>;

const keyOf = (e: Record<string, unknown>) => String(e.id ?? e.name ?? e.roleName);

export async function inventory(live: LiveReference): Promise<Inventory> {
  const client = new HttpClient({
    baseUrl: live.target.url,
    ca: live.target.caPem,
    // The tests' whole load shares two cores with the target: a read of it may wait its turn for seconds.
    requestTimeoutMs: 30_000,
    connectTimeoutMs: 10_000,
    maxBodyBytes: 1 << 24,
    connections: 2,
    redactor: new Redactor(),
    credentials: {
      owner: {
        name: 'owner',
        publicKey: live.env.REFERENCE_OWNER_PUBLIC_KEY,
        privateKey: live.env.REFERENCE_OWNER_PRIVATE_KEY,
        env: {},
      },
    },
  });
  try {
    const get = (path: string) =>
      client.send({ method: 'GET', path: `${api}${path}`, query: { itemsPerPage: 500 }, as: 'owner', headers: accept });
    const items = async (path: string): Promise<Record<string, unknown>[]> => {
      let res = await get(path);
      // Read right after a run, the project's window may still be spent: the inventory waits it out like any client.
      for (let tries = 0; res.status === 429 && tries < 5; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.header('retry-after') ?? 2)));
        res = await get(path);
      }
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
      const body = res.jsonObject();
      return (Array.isArray(body.results) ? body.results : []) as Record<string, unknown>[];
    };
    const found: Inventory = new Map();
    const add = (where: string, entities: Record<string, unknown>[]) => {
      for (const e of entities) found.set(`${where}/${keyOf(e)}`, JSON.stringify(e));
    };
    const projects = await items('/groups');
    add('/groups', projects);
    for (const p of projects)
      for (const c of collections) add(`/groups/${String(p.id)}/${c}`, await items(`/groups/${String(p.id)}/${c}`));
    return found;
  } finally {
    await client.close();
  }
}

/** Entities of `after` that carry the run's mark (its name prefix and id). */
export function marked(after: Inventory, runId: string): string[] {
  return [...after].filter(([, json]) => json.includes(runId)).map(([where]) => where);
}

/** Entities of `after` that `before` did not have, whatever their names. */
export function added(before: Inventory, after: Inventory): string[] {
  return [...after.keys()].filter((where) => !before.has(where));
}
