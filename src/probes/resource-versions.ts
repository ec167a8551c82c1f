// The resources and versions the profile lists (versions.resources; spec 3, 9.3, 9.4) and the readings the
// versioning rules judge: one GET of a resource in one version serves every rule that looks at it.
import type { Generation } from '../generation.ts';
import type { HttpResponse } from '../http/messages.ts';
import { deprecatedOf } from '../profile/deprecated-versions.ts';
import { knownVersionsOf } from '../profile/known-versions.ts';
import { fillPath, firstProject } from '../target/projects.ts';
import { matchTemplate } from './path-template.ts';
import { sharedResponse } from './shared-response.ts';
import type { Profile } from '../profile/profile.ts';
import type { IndexedSurface } from '../surface/indexed-surface.ts';
import type { ApiRequest, Target } from '../target/target.ts';

export interface VersionedResource {
  /** A GET path below the v2 base, as the profile writes it ({groupId} not filled in). */
  template: string;
  versions: string[];
  /** The newest version: the one to use (spec 3). */
  current: string;
}

/** The resources the profile versions (versions.resources), each with its versions. */
export function versionedResourcesOf(versions: Profile['versions']): VersionedResource[] {
  return Object.entries(versions.resources).map(([template, listed]) => ({
    template,
    versions: listed,
    current: [...listed].sort().at(-1)!,
  }));
}

export const versionedResources = (t: Target): VersionedResource[] => versionedResourcesOf(t.profile.versions);

const fills = (template: string, path: string) => matchTemplate(template, path) !== undefined;

/** The versioned resource a path below the v2 base is: the one whose template it fills, else its collection's (an entry
 * versions with its collection). */
export function resourceOfPath(t: Target, path: string): VersionedResource | undefined {
  const resources = versionedResources(t);
  const collection = path.replace(/\/[^/]+$/, '');
  return resources.find((r) => fills(r.template, path)) ?? resources.find((r) => fills(r.template, collection));
}

/** Every version date the profile knows of, deleted ones included. */
export const knownVersions = (t: Target): Set<string> => knownVersionsOf(t.profile.versions);

/** Versions of a resource that are deprecated and not deleted: older than its current one, or deprecated for all resources. */
export function deprecatedVersions(t: Target, r: VersionedResource): string[] {
  return deprecatedOf(t.profile.versions, r.versions);
}

/** The path below the v2 base with {groupId} filled in (the first project; skipped without one). */
export function resourcePath(t: Target, template: string): string {
  return template.includes('{groupId}') ? fillPath(template, firstProject(t)) : template;
}

/** GET of a resource naming `version` in Accept, sent once per run. */
export function readInVersion(t: Target, template: string, version: string): Promise<HttpResponse> {
  return readPathInVersion(t, resourcePath(t, template), version);
}

/** GET of a path below the v2 base naming `version` in Accept, sent once per run. */
export function readPathInVersion(t: Target, path: string, version: string): Promise<HttpResponse> {
  return sharedResponse(`version:${version}:${t.v2(path)}`, () => t.get(t.v2(path), { version }));
}

/** GET of a path (below the base of either generation) under /v1.0, sent once per run. */
export function sharedLegacyRead(t: Target, path: string): Promise<HttpResponse> {
  return sharedResponse(`legacy:${path}`, () => readLegacy(t, t.legacy(path)));
}

/** GET under the legacy, unversioned generation (spec 9.1): plain JSON, no version. */
export function readLegacy(t: Target, legacyPath: string): Promise<HttpResponse> {
  return t.send({ method: 'GET', path: legacyPath, ...legacyRead });
}

/** How a read under /v1.0 is sent: plain JSON, no version. */
export const legacyRead = { version: null, headers: { accept: 'application/json' } };

/** The generation of the `k`th case of a property over resources both serve (spec 9.4: /v1.0 serves the same
 * resources): the two in turns, from one the run's seed picks, so that a run reaches both, and the other seed of a
 * pair sends each case to the other. */
export function caseGeneration(seed: number, k: number): Generation {
  return (seed + k) % 2 === 0 ? 'v2' : 'v1.0';
}

/** A request to `path` (below the base) in `generation`, with a check's own `headers`: the whole path, and under
 * /v1.0 plain JSON, no version (unless `headers` ask for another type). */
export function inGeneration(
  t: Target,
  generation: Generation,
  path: string,
  headers?: Record<string, string>,
): Pick<ApiRequest, 'path' | 'version' | 'headers'> {
  if (generation === 'v2') return { path: t.v2(path), ...(headers ? { headers } : {}) };
  return { path: t.legacy(path), version: null, headers: { ...legacyRead.headers, ...headers } };
}

/** Sends a request in `generation` (`send`). Where /v1.0 answers 404 it does not serve the resource (a target its own
 * document describes may serve /v2 alone), which says nothing of what the request was sent to judge: the request goes
 * again under /v2. What was sent, and the generation that answered. */
export async function inServedGeneration<T extends { res: HttpResponse }>(
  generation: Generation,
  send: (generation: Generation) => Promise<T>,
): Promise<T & { generation: Generation }> {
  if (generation === 'v1.0') {
    const sent = await send(generation);
    if (sent.res.status !== 404) return { ...sent, generation };
  }
  return { ...(await send('v2')), generation: 'v2' };
}

/** Sends `req` to `path` (below the base) in `generation`, or under /v2 where /v1.0 does not serve it. */
export function sendServed(
  t: Target,
  generation: Generation,
  path: string,
  req: Omit<ApiRequest, 'path'>,
): Promise<{ res: HttpResponse; generation: Generation }> {
  return inServedGeneration(generation, async (g) => ({ res: await t.send({ ...req, ...inGeneration(t, g, path) }) }));
}

/** The clusters resource: a cluster list or a cluster, not what lives under a cluster (its restore jobs). */
export const isClustersResource = (path: string) => path.split('/').slice(-2).includes('clusters');

/** Spec 9.4 and 9.5: 2023-01-01 is used with the legacy bodies ("only steps for base address and header"), and
 * "other resources need no body changes for the move to 2023-02-01": outside the clusters resource, a body one of the
 * two takes, the other takes too. */
export const sameBodiesIn = (path: string, a: string, b: string): boolean =>
  !isClustersResource(path) && [a, b].every((v) => v === '2023-01-01' || v === '2023-02-01');

/** The oldest version date in which the surface serves a GET of `path` (below the v2 base), by the most literal
 * template it fills; undefined where the surface names no date for it (one made from the profile names none). */
export const firstReadVersion = (s: IndexedSurface, path: string): string | undefined =>
  s.operationAt('GET', path)?.generations[0];
