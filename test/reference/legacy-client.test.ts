// A client of the real service's legacy /v1.0 API, unchanged, against the reference target under `--vendor atlas`:
// mongodb-atlas-api-client (pinned), which answers Digest challenges with the API key through urllib.
import { createRequire } from 'node:module';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceTarget, type ReferenceTarget } from '../../reference/server.ts';
import { IDS, PUBLIC_KEYS, SECRETS } from './helpers.ts';

type Calls<Name extends string> = Record<Name, (...args: unknown[]) => Promise<any>>;
/** The client's sections and calls these tests use. */
interface AtlasClient {
  project: Calls<'getAll'>;
  event: Calls<'getAll'>;
  alert: Calls<'getAll'>;
  cluster: Calls<'create' | 'get' | 'getAll' | 'delete'>;
}
const getClient = createRequire(import.meta.url)('mongodb-atlas-api-client') as (options: object) => AtlasClient;

let target: ReferenceTarget;
let agent: Agent;
let atlas: AtlasClient;
/** Per call: the embedder's dispatcher, trusting the target's certificate. */
let http: { httpOptions: { dispatcher: Agent } };

beforeAll(async () => {
  target = await startReferenceTarget({ vendor: 'atlas', secrets: SECRETS });
  agent = new Agent({ connect: { ca: target.caPem } });
  http = { httpOptions: { dispatcher: agent } };
  atlas = getClient({
    publicKey: PUBLIC_KEYS.owner,
    privateKey: SECRETS.owner.privateKey,
    baseUrl: `${target.url}/api/atlas/v1.0`,
    projectId: IDS.groupA,
  });
});
afterAll(async () => {
  await agent?.close();
  await target?.close();
});

const names = (list: { results?: { name?: string }[] }) => (list.results ?? []).map((item) => item.name);

describe('mongodb-atlas-api-client against --vendor atlas /v1.0', () => {
  it('lists projects, and events and alerts of one', async () => {
    const projects = await atlas.project.getAll(http);
    expect(projects.results.map((p: { id: string }) => p.id)).toContain(IDS.groupA);
    expect((await atlas.event.getAll(http)).results.length).toBeGreaterThan(0);
    expect((await atlas.alert.getAll(http)).results.length).toBeGreaterThan(0);
  });

  it('creates, reads and deletes a cluster in the legacy shape, with mongoURI', async () => {
    const body = {
      name: 'legacy-client',
      providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' },
      numShards: 1,
    };
    const created = await atlas.cluster.create(body, http);
    expect(created.name).toBe('legacy-client');
    const read = await atlas.cluster.get('legacy-client', http);
    expect(read.mongoURI).toMatch(/^mongodb:\/\//);
    expect(names(await atlas.cluster.getAll(http))).toContain('legacy-client');
    expect(await atlas.cluster.delete('legacy-client', http)).toBe(true);
    expect(names(await atlas.cluster.getAll(http))).not.toContain('legacy-client');
  });
});
