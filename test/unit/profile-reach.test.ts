// The preflight's profile facts (src/cli/profile-reach.ts): a project that does not exist, a credential granted fewer
// projects than the profile says, an endpoint not served each stop the run naming the field; a rightly described
// target costs one request per fact.
import { describe, expect, it } from 'vitest';
import { checkProfileFacts } from '../../src/cli/profile-reach.ts';
import type { HttpClient } from '../../src/http/client.ts';
import { HttpResponse, type RequestSpec } from '../../src/http/messages.ts';
import { checkProfile } from '../../src/profile/load.ts';

const key = (n: string) => ({ publicKeyEnv: `${n}_PUB`, privateKeyEnv: `${n}_PRIV` });

/** A profile of `ids`, with an owner and the other credentials named. */
function profileOf(ids: string[], others: string[] = [], fields: Record<string, unknown> = {}) {
  return checkProfile(
    {
      name: 't',
      baseUrl: 'https://api.example.test',
      orgId: 'org1',
      credentials: Object.fromEntries(['owner', ...others].map((n) => [n, key(n)])),
      projects: { ids },
      ...fields,
    },
    'p.json',
  );
}

/** A target whose projects are `exist`, each credential granted `grants[name]` (the owner every one), serving every
 * path but those in `unserved`, answering 401 to the credentials in `unknown`. `sent` lists "credential path" of each request. */
function fakeClient(
  exist: string[],
  grants: Record<string, string[]> = {},
  unserved: string[] = [],
  unknown: string[] = [],
) {
  const sent: string[] = [];
  const answer = (status: number, body: unknown) =>
    new HttpResponse(status, {}, Buffer.from(JSON.stringify(body)), {
      request: { method: 'GET', url: '', headers: {} },
      startedAt: '',
      durationMs: 0,
    });
  const client = {
    send: async (spec: RequestSpec) => {
      const as = spec.as ?? '';
      const path = spec.path.replace('/api/platform/v2', '');
      sent.push(`${as} ${path}`);
      if (unknown.includes(as)) return answer(401, {});
      const reach = as === 'owner' ? exist : (grants[as] ?? []).filter((id) => exist.includes(id));
      if (path === '/groups') return answer(200, { results: reach.map((id) => ({ id })) });
      const project = /^\/groups\/([^/]+)$/.exec(path)?.[1];
      if (project) return answer(!exist.includes(project) ? 404 : reach.includes(project) ? 200 : 403, {});
      return answer(unserved.includes(path) ? 404 : 200, {});
    },
  };
  return { client: client as unknown as HttpClient, sent };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: Error) => `${e.name}: ${e.message}`,
  );

describe('the profile facts checked before any rule', () => {
  it('names projects.ids for a project that does not exist', async () => {
    const { client } = fakeClient(['a']);
    expect(await failure(checkProfileFacts(client, profileOf(['a', 'zz'])))).toBe(
      'ProfileError: projects.ids: project zz does not exist (GET /groups/zz answered 404)',
    );
  });

  it('names projects.emptyProjectId for an empty project that does not exist', async () => {
    const { client } = fakeClient(['a']);
    const profile = profileOf(['a'], [], { projects: { ids: ['a'], emptyProjectId: 'e' } });
    expect(await failure(checkProfileFacts(client, profile))).toMatch(/^ProfileError: projects\.emptyProjectId: /);
  });

  it('names the credential granted one of the three projects the profile says it reaches', async () => {
    const { client } = fakeClient(['a', 'b', 'c'], { readOnly: ['a'], owner2: ['a', 'b', 'c'] });
    expect(await failure(checkProfileFacts(client, profileOf(['a', 'b', 'c'], ['owner2', 'readOnly'])))).toBe(
      "ProfileError: credentials.readOnly: the readOnly credential reaches 1 of the profile's 3 projects, not b (403), c (403): grant it every project of projects.ids",
    );
  });

  it('names the endpoint field whose path the target does not serve, its default included', async () => {
    const { client } = fakeClient(['a'], {}, ['/groups/a/accessList']);
    expect(await failure(checkProfileFacts(client, profileOf(['a'])))).toMatch(
      /^ProfileError: endpoints\.accessList: GET \/groups\/a\/accessList answered 404, /,
    );
    const { client: other } = fakeClient(['a'], {}, ['/groups/a/ipList']);
    const moved = profileOf(['a'], [], { endpoints: { accessList: '/groups/{groupId}/ipList' } });
    expect(await failure(checkProfileFacts(other, moved))).toMatch(/^ProfileError: endpoints\.accessList: /);
    expect(await failure(checkProfileFacts(client, profileOf(['a'], [], { endpoints: { accessList: '' } })))).toBe(
      'accepted',
    );
  });

  it('costs the one-project shape one request per fact', async () => {
    const { client, sent } = fakeClient(['a'], { readOnly: ['a'] });
    expect(await failure(checkProfileFacts(client, profileOf(['a'], ['readOnly'])))).toBe('accepted');
    expect(sent).toEqual([
      'owner /groups',
      'readOnly /groups',
      'owner /groups/a/accessList',
      'owner /groups/a/customDBRoles/roles',
      'owner /groups/a/encryptionAtRest',
      'owner /orgs/org1/federationSettings',
      'owner /orgs/org1/invoices/pending',
    ]);
  });

  it('leaves a credential that reaches none of the projects to the rules (its role may read nothing)', async () => {
    const { client } = fakeClient(['a', 'b'], { readOnly: [] });
    expect(await failure(checkProfileFacts(client, profileOf(['a', 'b'], ['readOnly'])))).toBe('accepted');
  });

  it('names a credential the target does not take, the outsider too, and an outsider granted a project', async () => {
    const { client } = fakeClient(['a'], { readOnly: ['a'], outsider: [] }, [], ['readOnly']);
    expect(await failure(checkProfileFacts(client, profileOf(['a'], ['readOnly'])))).toBe(
      'ProfileError: credentials.readOnly: the target does not take the readOnly credential (GET /groups answered 401): check the keys its environment variables hold',
    );
    const { client: noOutsider } = fakeClient(['a'], {}, [], ['outsider']);
    expect(await failure(checkProfileFacts(noOutsider, profileOf(['a'], ['outsider'])))).toMatch(
      /^ProfileError: credentials\.outsider: the target does not take the outsider credential /,
    );
    const { client: inside } = fakeClient(['a', 'b'], { outsider: ['b'] });
    expect(await failure(checkProfileFacts(inside, profileOf(['a', 'b'], ['outsider'])))).toBe(
      'ProfileError: credentials.outsider: the outsider credential lists project b of projects.ids among its own: it must be granted none of them',
    );
    const { client: apart } = fakeClient(['a'], { outsider: [] });
    expect(await failure(checkProfileFacts(apart, profileOf(['a'], ['outsider'])))).toBe('accepted');
  });

  it('leaves a fact unchecked when its request fails in transport', async () => {
    const { client } = fakeClient(['a', 'b'], { readOnly: ['a'] });
    const send = client.send.bind(client);
    const faulty = {
      send: (spec: RequestSpec) => (spec.as === 'readOnly' ? Promise.reject(new Error('reset')) : send(spec)),
    } as unknown as HttpClient;
    expect(await failure(checkProfileFacts(faulty, profileOf(['a', 'b'], ['readOnly'])))).toBe('accepted');
  });
});
