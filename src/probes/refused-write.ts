// A write that must be refused and take no effect (spec 1: a read-only role "cannot modify"; spec 5: a request
// outside the access list "is refused"; spec 4.1: 405, not the method served as another; spec 8: "Requests over the
// limit are rejected"): it carries a real change (a create with a marked name, a new value, a delete of an entity the
// run made), and the owner reads back that nothing was created, changed or deleted. What a wrong target made or
// changed is undone at once.
import { uncounted } from '../harness/coverage.ts';
import { isDeepStrictEqual } from 'node:util';
import { notHeld } from '../judges/fields.ts';
import type { JsonObject } from '../judges/json-walk.ts';
import { describeExchange } from '../judges/status.ts';
import type { HttpResponse, RequestSpec } from '../http/messages.ts';
import { RuleFailure, TargetError } from '../outcome.ts';
import { acceptedEntity, deleteCreated, noteAccepted, noteCreated } from '../target/created.ts';
import { wholeItems } from './pages.ts';
import { inGeneration } from './resource-versions.ts';
import { readAt, type Write } from './surface/writes.ts';
import type { Target } from '../target/target.ts';
import type { WriteOp } from './write-operations.ts';

/** What a refusable write needs of the surface: a create body, an update with a change that shows read back, or a
 * DELETE of an entity (its body unsent). `asList` sends a create's body as the one item of an array (a collection
 * that takes several entries at once); `undo` is the body that puts back a change taken (by default the changed
 * field's current value), sent in the write's generation, or under /v2 in `undoVersion` where only that version's
 * body takes it. */
export type RefusableWrite = Pick<WriteOp, 'path' | 'body' | 'key' | 'generation'> & {
  method: WriteOp['method'] | 'DELETE';
  change?: Write['change'];
  asList?: boolean;
  undo?: JsonObject;
  undoVersion?: string;
};

export type Effect = 'created' | 'changed' | 'deleted';

/** How the refused write is sent: its credential, source address, headers or rate lease; the method may differ. */
export type Refusal = Partial<Pick<RequestSpec, 'as' | 'localAddress' | 'headers' | 'lease'>> & { method?: string };

/** A write that carries a real change: a marked create, or an update with the change's new value. */
export const changingBody = (w: RefusableWrite): JsonObject =>
  w.change ? { ...w.body, [w.change.field]: w.change.changed } : w.body;

/** The PATCH that puts back a change taken: the write's undo, else the changed field's current value. */
export const undoBody = (w: RefusableWrite & { change: NonNullable<Write['change']> }): JsonObject =>
  w.undo ?? { [w.change.field]: w.change.current };

/** Sends the write as `how` says, its body carrying the change (legacy requests as plain JSON, no version). A create
 * the target accepts is noted at once, so that an interrupted run still deletes it (effectOf deletes it otherwise). */
export async function sendRefusable(t: Target, w: RefusableWrite, how: Refusal = {}): Promise<HttpResponse> {
  const { method, headers, ...rest } = how;
  const json = w.method === 'DELETE' ? {} : { json: w.asList ? [changingBody(w)] : changingBody(w) };
  const res = await t.send({
    method: method ?? w.method,
    ...json,
    ...rest,
    ...inGeneration(t, w.generation, w.path, headers),
  });
  if (w.method === 'POST') noteAccepted(t, res, t.v2(w.path), w.key);
  return res;
}

/** An entity of a collection holding every field of `body`: what a create of it made, or undefined. */
export async function heldBy(t: Target, collection: string, body: JsonObject): Promise<JsonObject | undefined> {
  return (await wholeItems(uncounted, t, collection)).find(
    (item): item is JsonObject => notHeld(body, item).length === 0,
  );
}

/** The changed field as the owner reads it now, in the write's generation; where that generation's entity leaves
 * the field out (another rule's failure), as /v2 shows it. */
export async function readChanged(
  t: Target,
  w: RefusableWrite & { change: NonNullable<Write['change']> },
): Promise<unknown> {
  const read = await readAt(t, w.generation, w.path);
  return Object.hasOwn(read, w.change.field) || w.generation === 'v2'
    ? read[w.change.field]
    : (await readAt(t, 'v2', w.path))[w.change.field];
}

/** The owner's reading after the write: 'created' or 'changed' when it took effect (then undone), 'deleted' when the
 * entity is gone (the run's own: nothing to undo), else undefined. */
export async function effectOf(t: Target, w: RefusableWrite, res: HttpResponse): Promise<Effect | undefined> {
  if (w.method === 'DELETE') return (await stillThere(t, w)) ? undefined : 'deleted';
  if (w.method === 'POST') {
    // Noted by its sender when answered (sendRefusable, noteAccepted); an answer that names nothing is read back.
    const made = acceptedEntity(res, t.v2(w.path), w.key);
    if (made) {
      await deleteCreated(t, made);
      return 'created';
    }
    const held = await heldBy(t, t.v2(w.path), w.body);
    const id = held?.[w.key];
    if (typeof id === 'string') await deleteCreated(t, noteCreated(t, t.v2(`${w.path}/${encodeURIComponent(id)}`)));
    return held ? 'created' : undefined;
  }
  if (!w.change) return undefined;
  const changing = { ...w, change: w.change };
  if (isDeepStrictEqual(await readChanged(t, changing), w.change.current)) return undefined;
  // Put back: later writes judge only their own request.
  const where = w.undoVersion ? { path: t.v2(w.path), version: w.undoVersion } : inGeneration(t, w.generation, w.path);
  await t.send({ method: 'PATCH', ...where, json: undoBody(changing) });
  return 'changed';
}

/** Whether the owner still reads the entity a DELETE named, in the write's generation; neither 200 nor 404 leaves
 * the rule unjudged. */
async function stillThere(t: Target, w: RefusableWrite): Promise<boolean> {
  const res = await t.send({ method: 'GET', ...inGeneration(t, w.generation, w.path) });
  if (res.status === 200 || res.status === 404) return res.status === 200;
  throw new TargetError(
    'unexpected-status',
    `${describeExchange(res)}: could not read back the entity a DELETE named`,
    res.exchange,
  );
}

/** A refused write (a 4xx) took no effect. An accepted one is other checks' concern, as are 5xx and 429 answers. */
export function expectNoEffect(res: HttpResponse, effect: Effect | undefined, what: string): void {
  if (res.status < 400 || !effect) return;
  throw new RuleFailure(
    `${describeExchange(res)}: ${what} was refused, yet it ${effect} the entity (read back by the owner)`,
    {
      expected: 'nothing created, changed or deleted',
      actual: effect,
      exchange: res.exchange,
    },
  );
}
