// The write operations the invalid-field and refusal rules (spec 1, 2.1, 5) send bodies to: every write of every
// resource of the writable surface (src/probes/surface/writes.ts), under each generation that serves it. Each comes
// with a body that changes nothing if accepted, the places fields go in it, and its cell: resource, method,
// generation, depth.
import fc from 'fast-check';
import type { JsonPath } from '../judges/names-field.ts';
import { describeExchange } from '../judges/status.ts';
import type { HttpResponse } from '../http/messages.ts';
import { TargetError } from '../outcome.ts';
import type { Tally } from '../harness/coverage.ts';
import { deleteCreated, noteCreated } from '../target/created.ts';
import {
  readAt,
  withSharedSurface,
  withWriteSurface,
  type Place,
  type WritableResource,
  type Write,
} from './surface/writes.ts';
import type { Target } from '../target/target.ts';
import type { Generation } from '../generation.ts';
import { inGeneration } from './resource-versions.ts';
import type { JsonObject } from '../judges/json-walk.ts';

export type { Place };

export interface WriteOp extends Write {
  resource: string;
  generation: Generation;
  /** The field of a created entity that its path ends with. */
  key: string;
  /** Bodies that each set one field that cannot be modified (at `path`) to another value. */
  readOnlyBodies: { path: JsonPath; body: JsonObject }[];
}

/** `body` with `name: value` added at `at`. */
export function withField(body: JsonObject, at: JsonPath, name: string | number, value: unknown): JsonObject {
  const copy = structuredClone(body);
  const place = at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], copy) as Record<
    string | number,
    unknown
  >;
  place[name] = value;
  return copy;
}

/** `body` with the value at `path` (an object's field, at any depth) replaced. */
const withValue = (body: JsonObject, path: JsonPath, value: unknown) =>
  withField(body, path.slice(0, -1), path.at(-1)!, value);

export const describeOp = (op: Pick<WriteOp, 'resource' | 'generation'> & { method: string }) =>
  `${op.method} ${op.resource} (${op.generation})`;

/** Every write of the surface under every generation of its resource, each cell (resource, method, generation) once
 * per project the resource is in. */
export function writeOps(resources: WritableResource[]): WriteOp[] {
  return resources.flatMap((r) =>
    r.generations.flatMap((generation) =>
      r.writes.map((w) => ({
        ...w,
        resource: r.title,
        generation,
        key: r.key,
        readOnlyBodies: w.readOnly.map((ro) => ({ path: ro.path, body: withValue(w.body, ro.path, ro.value) })),
      })),
    ),
  );
}

/** Runs `use` with the write operations of the run's writable surface; `what` names what the check makes. */
export function withWriteOps(
  t: Target,
  what: string,
  use: (ops: WriteOp[]) => Promise<void>,
  options: { oneProject?: boolean } = {},
): Promise<void> {
  return withWriteSurface(t, what, (resources) => use(writeOps(resources)), options);
}

/** Runs `use` with the write operations of the first project's writable surface, its entities shared by the
 * checks whose writes change nothing even where a target wrongly serves them (surface/writes.ts: withSharedSurface);
 * `what` names the check's creates, which sendBody deletes at once. */
export function withNeutralWriteOps(t: Target, what: string, use: (ops: WriteOp[]) => Promise<void>): Promise<void> {
  return withSharedSurface(t, what, (resources) => use(writeOps(resources)));
}

/** How a /v2 write is labelled: the version its Accept names (the profile's default when absent) and its Content-Type
 * (application/json when absent). */
export interface Media {
  version?: string;
  contentType?: string;
}

/** A /v2 write labelled with `version`: its Accept and its Content-Type name it. */
export const inVersion = (t: Target, version: string): Media => ({ version, contentType: t.mediaType(version) });

/** The entity an update writes to, read under the operation's generation. */
export const readBack = (t: Target, op: WriteOp) => readAt(t, op.generation, op.path);

/** Sends a body (legacy requests as plain JSON, no version; /v2 ones labelled as `media` says); what an accepted
 * create made is deleted at once. */
export async function sendBody(t: Target, op: WriteOp, body: JsonObject, media: Media = {}): Promise<HttpResponse> {
  const { version, contentType } = op.generation === 'v2' ? media : {};
  const res = await t.send({
    method: op.method,
    json: body,
    ...inGeneration(t, op.generation, op.path, contentType ? { 'content-type': contentType } : undefined),
    ...(version ? { version } : {}),
  });
  if (op.method !== 'POST' || res.status < 200 || res.status >= 300) return res;
  const id = res.jsonObject()[op.key];
  if (typeof id !== 'string')
    throw new TargetError(
      'unexpected-status',
      `${describeExchange(res)}: the answer to a create names no ${op.key}`,
      res.exchange,
    );
  await deleteCreated(t, noteCreated(t, t.v2(`${op.path}/${encodeURIComponent(id)}`)));
  return res;
}

type UpdateOp = WriteOp & { change: NonNullable<Write['change']> };

/** The operations that update an entity and can show a change. */
export function updates(ops: WriteOp[]): UpdateOp[] {
  const found = ops.filter((o): o is UpdateOp => o.change !== undefined);
  if (found.length === 0)
    throw new TargetError('nothing-judged', 'no resource of the profile can be updated and read back');
  return found;
}

/** The depth of a field at `path`: how many objects hold it below the body (0: a top-level field). */
export const depthOf = (path: JsonPath) => path.filter((k) => typeof k === 'string').length - 1;

/** The parts of the surface a cell stands for: its resource alone and with each mix of method, generation, depth. */
function partsOf(op: WriteOp, depth: number): string[] {
  const dims = [`method ${op.method}`, `generation ${op.generation}`, `depth ${depth}`];
  return [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => [op.resource, ...dims.filter((_, i) => mask & (1 << i))].join(', '));
}

/** A slot of an operation that a case picks (a place fields go, a read-only field): its depth in the body, and what
 * it is, the same in every project's copy of the operation (its path). */
export interface Slot {
  depth: number;
  key: string;
}

/** The first cases of a rule: one per cell of the surface (resource, write method, generation, depth of the body),
 * each taking the operations of its cell in turn (the projects share them), the rest of the case drawn from
 * `arbitrary`. `slots(op)` gives the slots of an operation that `place` picks. Each next cell is the one that adds
 * the most parts not yet reached, so that a run of few cases spreads over all resources, then their methods,
 * generations and depths. In a cell, the slot that fewest operations of the surface have goes first: a field
 * particular to a write is where a target's handling of it differs. With `every`, every slot of every operation
 * follows, once per operation of the surface (not per project), the rarest first. */
export function firstCases<T extends { op: number; place: number }>(
  t: Target,
  arbitrary: fc.Arbitrary<T>,
  ops: WriteOp[],
  slots: (op: WriteOp) => Slot[],
  { every = false } = {},
): T[] {
  type At = { op: number; place: number; key: string };
  const cells = new Map<string, { parts: string[]; at: At[] }>();
  const slotsOf = new Map<string, At[]>();
  const sharing = new Map<string, Set<string>>();
  for (const [i, op] of ops.entries()) {
    for (const [place, { depth, key }] of slots(op).entries()) {
      const at = { op: i, place, key };
      const cellKey = `${describeOp(op)} depth ${depth}`;
      const cell = cells.get(cellKey) ?? { parts: partsOf(op, depth), at: [] };
      cell.at.push(at);
      cells.set(cellKey, cell);
      const slotKey = `${describeOp(op)} ${key}`;
      slotsOf.set(slotKey, [...(slotsOf.get(slotKey) ?? []), at]);
      sharing.set(key, (sharing.get(key) ?? new Set()).add(describeOp(op)));
    }
  }
  const rarity = (a: At) => sharing.get(a.key)!.size;
  const taken = new Set<string>();
  const firsts: { op: number; place: number }[] = [];
  const take = (candidates: At[]) => {
    const fewest = Math.min(...candidates.map(rarity));
    const rarest = candidates.filter((a) => rarity(a) === fewest);
    const { op, place, key } = rarest[firsts.length % rarest.length]!;
    taken.add(`${describeOp(ops[op]!)} ${key}`);
    firsts.push({ op, place });
  };
  const reached = new Set<string>();
  const left = [...cells.values()];
  while (left.length > 0) {
    const gain = left.map((c) => c.parts.filter((p) => !reached.has(p)).length);
    const [next] = left.splice(gain.indexOf(Math.max(...gain)), 1);
    for (const p of next!.parts) reached.add(p);
    take(next!.at);
  }
  if (every) {
    const rest = [...slotsOf].filter(([k]) => !taken.has(k)).map(([, at]) => at);
    for (const at of rest.sort((a, b) => rarity(a[0]!) - rarity(b[0]!))) take(at);
  }
  const drawn = fc.sample(arbitrary, { seed: t.setup.seed, numRuns: firsts.length });
  return firsts.map((cell, k) => ({ ...drawn[k]!, ...cell }));
}

/** What of the surface a rule's cases judged: its resources, write methods, generations and depths. */
export class Reach {
  private readonly seen = {
    resources: new Set<string>(),
    methods: new Set<string>(),
    generations: new Set<string>(),
    depths: new Set<number>(),
  };

  add(op: WriteOp, depth: number): void {
    this.seen.resources.add(op.resource);
    this.seen.methods.add(op.method);
    this.seen.generations.add(op.generation);
    this.seen.depths.add(depth);
  }

  /** Records the reach in the check's tally ("3 writable resources, 3 write methods, 2 generations, 3 depths"); the
   * depths only where the rule places fields in bodies. */
  report(tally: Tally, depths = true): void {
    const { resources, methods, generations } = this.seen;
    if (resources.size === 0) return; // nothing judged: the check is not a pass for reaching nothing
    tally.judged('writable resource', resources.size);
    tally.judged('write method', methods.size);
    tally.judged('generation', generations.size);
    if (depths) tally.judged('body depth', this.seen.depths.size);
  }
}
