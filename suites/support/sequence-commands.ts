// The commands of the sequences (src/probes/sequence.ts): each sends one request or walks one list, checks the answer
// against the model of what the spec promises, and updates the model. An entity is picked by its place among the
// model's live (or deleted) entities, so that a shrunk sequence still names one.
import { changedFields, notHeld } from '../../src/judges/fields.ts';
import { isObject, type JsonObject } from '../../src/judges/json-walk.ts';
import { relationsOf } from '../../src/judges/links.ts';
import { totalCountOf } from '../../src/judges/list.ts';
import { expectJudgeable } from '../../src/harness/judged-answers.ts';
import { describeExchange } from '../../src/judges/status.ts';
import type { HttpResponse } from '../../src/http/messages.ts';
import { TargetError } from '../../src/outcome.ts';
import { perRun } from '../../src/harness/per-run.ts';
import { eventually } from '../../src/probes/eventually.ts';
import type { Entity, Model, SequenceCommand, Session } from '../../src/probes/sequence.ts';
import { pageWidth, tooNarrow } from './walk-width.ts';
import { withArticle } from '../../src/check-outcome.ts';

const live = (m: Model) => m.entities.filter((e) => !e.gone);
const gone = (m: Model) => m.entities.filter((e) => e.gone);
const pick = <T>(items: T[], i: number): T => items[i % items.length]!;
const api = (legacy: boolean) => (legacy ? 'v1.0' : 'v2');

/** Whether the list reading `what` was taken since the last write: taken again, it would repeat the answer. */
const repeats = (m: Readonly<Model>, what: string) => m.readings[what] === m.writes;

/** POSTs a create body for `name`; a 2xx answer's entity is noted for deletion and joins the model. */
async function post(m: Model, s: Session, name: string): Promise<HttpResponse> {
  const collection = s.kind.collection(s.t, s.project);
  const body = s.kind.body(s.t, name);
  m.writes++;
  const res = await s.send({ method: 'POST', path: s.t.v2(collection), json: body });
  if (res.status < 200 || res.status >= 300) return res;
  const key = res.jsonObject()[s.kind.key];
  if (typeof key !== 'string')
    throw new TargetError(
      'unexpected-status',
      `${describeExchange(res)}: the answer to a create names no ${s.kind.key}`,
      res.exchange,
    );
  const path = `${collection}/${encodeURIComponent(key)}`;
  s.note(path);
  m.entities.push({ name, path, id: key, sent: body, patched: [], seen: [], gone: false });
  return res;
}

export class Create implements SequenceCommand {
  check = () => true;
  async run(m: Model, s: Session): Promise<void> {
    const res = await post(m, s, s.newName());
    s.need(res, [201], `a new ${s.kind.title} is created`);
  }
  toString = () => 'create';
}

// 7.2: "409 | Conflict | A create or modify request would duplicate a value of a property that must be unique."
export class CreateDuplicate implements SequenceCommand {
  constructor(readonly i: number) {}
  check = (m: Readonly<Model>) => live(m).length > 0;
  async run(m: Model, s: Session): Promise<void> {
    const holder = pick(live(m), this.i);
    const res = await post(m, s, holder.name);
    expectJudgeable(s.tally, res, `a create of a name ${withArticle(s.kind.title)} holds is refused`);
    if (res.status !== 409)
      s.broke(
        'SEQ-UNIQUE-FREED',
        `${describeExchange(res)}: a create of the name ${holder.name}, which ${withArticle(s.kind.title)} holds, is not 409`,
        { expected: 409, actual: res.status, res },
      );
  }
  toString = () => `create-duplicate(#${this.i})`;
}

/** The names of deleted entities that no live entity holds again. */
const freed = (m: Readonly<Model>) => gone(m as Model).filter((e) => !live(m as Model).some((l) => l.name === e.name));

export class CreateFreed implements SequenceCommand {
  constructor(readonly i: number) {}
  check = (m: Readonly<Model>) => freed(m).length > 0;
  async run(m: Model, s: Session): Promise<void> {
    const { name } = pick(freed(m), this.i);
    const res = await post(m, s, name);
    expectJudgeable(s.tally, res, `a create of a deleted ${s.kind.title}'s name is served`);
    if (res.status !== 201)
      s.broke(
        'SEQ-UNIQUE-FREED',
        `${describeExchange(res)}: a create of the name ${name}, whose ${s.kind.title} was deleted, is not 201`,
        { expected: 201, actual: res.status, res },
      );
  }
  toString = () => `create-freed(#${this.i})`;
}

export class Delete implements SequenceCommand {
  constructor(readonly i: number) {}
  check = (m: Readonly<Model>) => live(m as Model).length > 0;
  async run(m: Model, s: Session): Promise<void> {
    const e = pick(live(m), this.i);
    m.writes++;
    const res = await s.remove(e.path);
    s.need(res, [200, 202, 204], `${withArticle(s.kind.title)} is deleted`);
    // 7.2: "202 | Accepted | An asynchronous operation was accepted": the sequence goes on once it is done. The spec
    // gives it no time to finish in: one not shown gone when the wait ends (still there, or its reading a 5xx or 429)
    // is neither live nor deleted, and leaves the model; it is noted again, so that the sequence's end deletes it
    // once more.
    if (res.status === 202) {
      const after = await eventually(
        s.t,
        () => s.send({ method: 'GET', path: s.t.v2(e.path) }),
        (r) => r.status === 404,
      );
      if (after.status !== 404) {
        m.entities.splice(m.entities.indexOf(e), 1);
        s.note(e.path);
        const why = after.status === 200 ? 'not finished within the wait' : `its reading then a ${after.status}`;
        s.tally.left('read-back entity', `${s.kind.title}: DELETE asynchronous (202), ${why}`);
        return;
      }
    }
    e.gone = true;
  }
  toString = () => `delete(#${this.i})`;
}

/** The self link of an entity, as a path. */
function selfPath(s: Session, body: JsonObject): string | undefined {
  const self = relationsOf(body, s.t.profile.links).find((r) => r.rel === 'self');
  return self && URL.canParse(self.href, s.t.profile.baseUrl)
    ? decodeURIComponent(new URL(self.href, s.t.profile.baseUrl).pathname)
    : undefined;
}

// 4.1: "PATCH | Update the fields given in the JSON representation sent." "PUT | Replace a resource with the JSON
// representation sent." 2.2: "Every entity has at least the relation self, whose target is the entity's own URL."
export class Read implements SequenceCommand {
  constructor(
    readonly i: number,
    readonly legacy: boolean,
  ) {}
  check = (m: Readonly<Model>) =>
    live(m as Model).length > 0 && !pick(live(m as Model), this.i).seen.includes(api(this.legacy));
  async run(m: Model, s: Session): Promise<void> {
    const e = pick(live(m), this.i);
    const path = s.url(e.path, this.legacy);
    const res = await s.send({ method: 'GET', path }, this.legacy);
    s.need(res, [200], `${withArticle(s.kind.title)} the sequence made is read`);
    const body = res.jsonObject();
    const rule = 'SEQ-WRITES-HELD';
    const fail = (what: string, expected: unknown, actual: unknown) =>
      s.broke(rule, `${describeExchange(res)}: ${what}`, { expected, actual, res });
    if (body[s.kind.key] !== e.id)
      fail(`its ${s.kind.key} is no longer the one its create gave`, e.id, body[s.kind.key]);
    const self = selfPath(s, body);
    if (self !== decodeURIComponent(new URL(res.exchange.request.url).pathname))
      fail('its self link does not lead to it', path, self);
    const missing = notHeld(e.sent, body);
    if (missing.length > 0) fail(`it does not hold what the writes sent: ${missing.join(', ')}`, e.sent, body);
    const changed = e.read
      ? changedFields(e.read, body, [...e.patched, 'links', ...s.t.profile.methods.volatileFields])
      : [];
    if (changed.length > 0)
      fail(`a PATCH of ${e.patched.join(', ') || 'nothing'} also changed ${changed.join(', ')}`, e.read, body);
    s.tally.judged('read-back entity', 1, s.kind.title);
    Object.assign(e, { read: body, patched: [], seen: [...e.seen, api(this.legacy)] });
  }
  toString = () => `get(#${this.i}, ${api(this.legacy)})`;
}

/** Reads every live entity not read since its last write: the state a sequence leaves holds what its writes sent. */
export class ReadEach implements SequenceCommand {
  check = (m: Readonly<Model>) => live(m as Model).some((_, i) => new Read(i, false).check(m));
  async run(m: Model, s: Session): Promise<void> {
    for (let i = 0; i < live(m).length; i++) {
      const read = new Read(i, false);
      if (read.check(m)) await read.run(m, s);
    }
  }
  toString = () => 'get-each(v2)';
}

export class Patch implements SequenceCommand {
  constructor(
    readonly i: number,
    readonly change: JsonObject,
    readonly legacy: boolean,
  ) {}
  check = (m: Readonly<Model>) => live(m as Model).length > 0;
  async run(m: Model, s: Session): Promise<void> {
    const e = pick(live(m), this.i);
    m.writes++;
    e.seen = [];
    const res = await s.send({ method: 'PATCH', path: s.url(e.path, this.legacy), json: this.change }, this.legacy);
    s.need(res, [200], `a PATCH of ${withArticle(s.kind.title)} is applied`);
    Object.assign(e.sent, this.change);
    e.patched.push(...Object.keys(this.change));
  }
  toString = () => `patch(#${this.i}, ${JSON.stringify(this.change)}, ${api(this.legacy)})`;
}

export class Put implements SequenceCommand {
  /** `replacement` makes the whole representation from the entity's name (which it keeps, as the run's mark). */
  constructor(
    readonly i: number,
    readonly replacement: (name: string) => JsonObject,
    readonly shown: string,
    readonly legacy: boolean,
  ) {}
  check = (m: Readonly<Model>) => live(m as Model).length > 0;
  async run(m: Model, s: Session): Promise<void> {
    const e = pick(live(m), this.i);
    const body = this.replacement(e.name);
    m.writes++;
    e.seen = [];
    const res = await s.send({ method: 'PUT', path: s.url(e.path, this.legacy), json: body }, this.legacy);
    s.need(res, [200], `a PUT of ${withArticle(s.kind.title)} is applied`);
    Object.assign(e, { sent: body, read: undefined, patched: [] });
  }
  toString = () => `put(#${this.i}, ${this.shown}, ${api(this.legacy)})`;
}

// 4.1: "DELETE | Remove a resource." 7.2: "404 | Not Found | The resource does not exist, ..."
export class AfterDelete implements SequenceCommand {
  constructor(
    readonly i: number,
    readonly method: 'GET' | 'PUT' | 'PATCH',
    readonly body: (name: string) => JsonObject | undefined,
    readonly legacy: boolean,
  ) {}
  check = (m: Readonly<Model>) => gone(m as Model).length > 0;
  async run(m: Model, s: Session): Promise<void> {
    const e: Entity = pick(gone(m), this.i);
    if (this.method !== 'GET') m.writes++;
    const res = await s.send(
      { method: this.method, path: s.url(e.path, this.legacy), json: this.body(e.name) },
      this.legacy,
    );
    expectJudgeable(s.tally, res, `a ${this.method} of a deleted ${s.kind.title} is 404`);
    if (res.status === 404) return;
    if (res.status < 300) s.note(e.path); // it is back: deleted again when the sequence ends
    s.broke(
      'SEQ-GONE-AFTER-DELETE',
      `${describeExchange(res)}: a ${this.method} of ${withArticle(s.kind.title)} deleted earlier in the sequence is not 404`,
      { expected: 404, actual: res.status, res },
    );
  }
  toString = () => `${this.method.toLowerCase()}-deleted(#${this.i}, ${api(this.legacy)})`;
}

/** Items each list (by its path below the API base) held besides the live entities of the sequence that last walked
 * it: with a sequence's own, the total its walk expects, so that the walk starts at the width that total needs. */
const others = perRun(() => new Map<string, number>());

/** The list at `collection` (below the API base) read whole at `size` items per page, or wider where `total` (expected,
 * then as page 1 counts it) needs it (walk-width.ts): each page is served, and has a results array. */
async function walk(
  s: Session,
  collection: string,
  size: number,
  legacy: boolean,
  total?: number,
): Promise<{ pages: HttpResponse[]; keys: unknown[]; size: number; total: unknown }> {
  const p = s.t.profile.paging;
  const path = s.url(collection, legacy);
  const width = total === undefined ? size : pageWidth(total, size, p.maxItemsPerPage);
  const pages: HttpResponse[] = [];
  const keys: unknown[] = [];
  const pageLimit = 100;
  for (let pageNum = 1; pageNum <= pageLimit; pageNum++) {
    const res = await s.send(
      {
        method: 'GET',
        path,
        query: { [p.pageNumParam]: pageNum, [p.itemsPerPageParam]: width, [p.includeCountParam]: true },
      },
      legacy,
    );
    s.need(res, [200], `a page of ${path} is served`);
    const results = res.jsonObject()[p.resultsField];
    if (!Array.isArray(results))
      throw new TargetError(
        'wrong-type',
        `${describeExchange(res)}: the page has no ${p.resultsField} array`,
        res.exchange,
      );
    const counted = pageNum === 1 ? totalCountOf(res, p) : undefined;
    // A list much longer than expected is read again from page 1 at wider pages.
    if (typeof counted === 'number' && tooNarrow(counted, width, p.maxItemsPerPage))
      return walk(s, collection, size, legacy, counted);
    pages.push(res);
    keys.push(...results.map((item) => (isObject(item) ? item[s.kind.key] : undefined)));
    if (results.length < width) return { pages, keys, size: width, total: totalCountOf(pages[0]!, p) };
  }
  throw new TargetError('nothing-judged', `${path} has more than ${pageLimit} pages of ${width}; it is not walked`);
}

const often = (n: number) => (n === 1 ? 'once' : `${n} times`);

// 2.3: "A resource that returns many entities returns them in pages."
export class List implements SequenceCommand {
  constructor(
    readonly size: number,
    readonly legacy: boolean,
  ) {}
  check = (m: Readonly<Model>) => !repeats(m, `list ${api(this.legacy)}`);
  async run(m: Model, s: Session): Promise<void> {
    const collection = s.kind.collection(s.t, s.project);
    const path = s.url(collection, this.legacy);
    const known = others().get(collection);
    const expected = known === undefined ? undefined : known + live(m).length;
    // Read while the suite's other writes are held back, so that only this sequence's writes move the list.
    const { pages, keys, size, total } = await s.t.writes.quietly(() =>
      walk(s, collection, this.size, this.legacy, expected),
    );
    if (typeof total === 'number') others().set(collection, Math.max(0, total - live(m).length));
    m.readings[`list ${api(this.legacy)}`] = m.writes;
    const res = pages.at(-1)!;
    const held = new Set(live(m).map((e) => e.name));
    for (const e of m.entities) {
      const times = keys.filter((k) => k === e.id).length;
      const expected = e.gone && !held.has(e.name) ? 0 : e.gone ? times : 1;
      if (times !== expected) {
        s.broke(
          'SEQ-LIST-MEMBERS',
          `walking ${path} at ${size} per page (${pages.length} pages) shows the ${s.kind.title} ${e.id}${e.gone ? ', deleted earlier in the sequence,' : ''} ${often(times)}, not ${often(expected)}`,
          {
            expected: `${e.id} ${expected} times`,
            actual: keys,
            res,
          },
        );
      }
    }
    s.tally.judged('listed entity', m.entities.length, path);
  }
  toString = () => `list(${this.size} per page, ${api(this.legacy)})`;
}

// 2.3: "The response entity has three fields: the total number of items in the whole result set, ..."
export class Count implements SequenceCommand {
  constructor(readonly legacy: boolean) {}
  check = (m: Readonly<Model>) => !repeats(m, `count ${api(this.legacy)}`);
  async run(m: Model, s: Session): Promise<void> {
    const collection = s.kind.collection(s.t, s.project);
    const path = s.url(collection, this.legacy);
    const size = s.t.profile.paging.maxItemsPerPage;
    const { pages, keys, total } = await walk(s, collection, size, this.legacy);
    m.readings[`count ${api(this.legacy)}`] = m.writes;
    const res = pages[0]!;
    if (pages.length > 1) return; // more than one page: the result set is not read at once
    if (total !== keys.length) {
      s.broke(
        'SEQ-LIST-COUNT',
        `${describeExchange(res)}: ${s.t.profile.paging.totalCountField} is ${JSON.stringify(total) ?? 'missing'}, but the whole result set, on this one page, has ${keys.length} items`,
        {
          expected: keys.length,
          actual: total ?? 'missing',
          res,
        },
      );
    }
    s.tally.judged('total count', 1, path);
  }
  toString = () => `count(${api(this.legacy)})`;
}
