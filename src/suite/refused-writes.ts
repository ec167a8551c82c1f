// Writes tried by a caller that may not make them (spec 1: a read-only role; spec 5: no grant on the project), over
// the whole writable surface of one project: every resource, every write method it supports, under each generation
// that serves it, each carrying a real change (never an empty body a target may refuse for other reasons), and a
// DELETE of each entity the run made. The owner reads the entity back after each try; whatever a target wrongly
// accepted is undone by the owner (a created entity deleted, a changed field set back).
import { isObject } from '../checks/json-walk.ts';
import type { HttpResponse } from '../http/client.ts';
import { confirmationCache } from './confirm.ts';
import { deleteCreated, noteCreated } from './created.ts';
import { cite } from './evidence.ts';
import { perRun } from './per-run.ts';
import { readLegacy } from './resource-versions.ts';
import { withWriteSurface, type Generation, type WritableResource } from './surface/writes.ts';
import type { Target } from './target.ts';

type Body = Record<string, unknown>;

export interface RefusedWrite {
  /** 'PATCH of a custom database role under /v1.0'. */
  what: string;
  response: HttpResponse;
  /** The owner's reading after the try: the field the try would have changed and its value before; for a DELETE,
   * no field (the entity must still be there). */
  readBack?: { after: HttpResponse; field?: string; before?: unknown };
}

/** 'an alert configuration', 'a project'. */
const a = (title: string) => `${/^[aeiou]/.test(title) ? 'an' : 'a'} ${title}`;
const base = (t: Target, g: Generation, path: string) => (g === 'v2' ? t.v2(path) : t.legacy(path));
const legacy = (g: Generation) => (g === 'v1.0' ? { version: null, headers: { accept: 'application/json' } } : {});
const ownerRead = (t: Target, g: Generation, path: string) => (g === 'v2' ? t.get(t.v2(path)) : readLegacy(t, t.legacy(path)));

/** Resources whose entity the run made for the tries, so that deleting it harms nothing. */
const deletable = new Set(['alert configuration', 'custom database role']);

/** Every write `as` may try on the resource: POST, PUT and PATCH with a real change, DELETE of a run-made entity. */
async function tryResource(t: Target, as: string, r: WritableResource, g: Generation, within: string): Promise<RefusedWrite[]> {
  const tries: RefusedWrite[] = [];
  const suffix = g === 'v2' ? '' : ' under /v1.0';
  for (const w of r.writes.filter((x) => x.path.startsWith(within))) {
    if (w.method === 'POST') {
      const response = await t.send({ method: 'POST', path: base(t, g, w.path), as, json: w.body, ...legacy(g) });
      if (response.status < 300) await undoCreate(t, r, response);
      tries.push({ what: `POST of ${a(r.title)}${suffix}`, response });
      continue;
    }
    // A write that changes nothing shows nothing when read back, and a target may refuse it for other reasons.
    if (!w.change) continue;
    const response = await t.send({ method: w.method, path: base(t, g, w.path), as, json: { ...w.body, [w.change.field]: w.change.changed }, ...legacy(g) });
    const after = await ownerRead(t, g, w.path);
    if (response.status < 300) await t.send({ method: w.method, path: base(t, g, w.path), json: { ...w.body, [w.change.field]: w.change.current }, ...legacy(g) });
    tries.push({ what: `${w.method} of ${a(r.title)} (${w.change.field} changed)${suffix}`, response, readBack: { after, field: w.change.field, before: w.change.current } });
  }
  const entity = r.writes.find((w) => w.method !== 'POST')?.path;
  if (entity && deletable.has(r.title) && g === r.generations.at(-1)) {
    // The last generation only: an entity wrongly deleted under the first would leave the second nothing to try.
    const response = await t.send({ method: 'DELETE', path: base(t, g, entity), as, ...legacy(g) });
    tries.push({ what: `DELETE of ${a(r.title)}${suffix}`, response, readBack: { after: await ownerRead(t, g, entity) } });
  }
  return tries;
}

/** A create that should have been refused: deleted at once by the owner. */
async function undoCreate(t: Target, r: WritableResource, res: HttpResponse): Promise<void> {
  const id = isObject(res.json()) ? (res.json() as Body)[r.key] : undefined;
  if (typeof id === 'string') await deleteCreated(t, noteCreated(t, t.v2(`${r.collection}/${encodeURIComponent(id)}`)));
}

const made = perRun(() => new Map<string, Promise<RefusedWrite[]>>());

/** Every write `as` tries on the writable surface of project `project`; with `under`, only on the paths under the
 * project (a create of a project is the organization's). Several rules judge the same tries: made once per run. */
export async function refusedWrites(t: Target, as: string, project: string, { under = false } = {}): Promise<RefusedWrite[]> {
  const key = `${as}:${project}:${under}`;
  const make = () => tryAll(t, as, project, under);
  // A check running again to confirm a failure tries afresh.
  let pending = confirmationCache(`refused-writes:${key}`, make) ?? made().get(key);
  if (!pending) made().set(key, (pending = make()));
  const tries = await pending;
  for (const w of tries) for (const res of [w.response, w.readBack?.after]) if (res) cite(res.exchange);
  return tries;
}

async function tryAll(t: Target, as: string, project: string, under: boolean): Promise<RefusedWrite[]> {
  const tries: RefusedWrite[] = [];
  await withWriteSurface(t, `refused-${as}`, async (resources) => {
    const within = under ? `/groups/${project}` : '';
    for (const r of resources) for (const g of r.generations) tries.push(...(await tryResource(t, as, r, g, within)));
  }, { project });
  return tries;
}
