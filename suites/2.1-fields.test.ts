// Spec 2.1 Request content type: "For POST and PUT the request header Content-Type: application/json is required".
// Invalid fields: "Fields are validated. An unknown or misspelled field, or a field that cannot be modified, is
// rejected with status 400 and an error message that names the invalid field. It is not ignored."
// Each is a property over every write of the run's writable surface (src/suite/surface/writes.ts): every
// resource, write method, generation and depth of the body, each reached once first (write-ops.ts).
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { expectFieldRefused } from '../src/checks/invalid-field.ts';
import { spellPath } from '../src/checks/names-field.ts';
import { describeExchange } from '../src/checks/status.ts';
import { RuleFailure, TargetError } from '../src/outcome.ts';
import { judged } from '../src/suite/coverage.ts';
import { deleteCreated, noteCreated, runName } from '../src/suite/created.ts';
import { fieldValue, farFrom, misspell, slip, unknownFieldName } from '../src/suite/field-names.ts';
import { findMarkedAlertConfig } from '../src/suite/marked-alert-config.ts';
import { alertConfigBody, alertConfigsPath, createAlertConfig, type NewEntity } from '../src/suite/new-entities.ts';
import { forAll } from '../src/suite/property.ts';
import { check } from '../src/suite/rule.ts';
import type { Target } from '../src/suite/target.ts';
import { spreadProjects } from '../src/suite/work-project.ts';
import { read } from '../src/suite/surface/writes.ts';
import {
  depthOf, describeOp, firstCases, Reach, readBack, sendBody, updates, withField, withWriteOps, type Place, type WriteOp,
} from '../src/suite/write-ops.ts';

type Body = Record<string, unknown>;

const opAt = <T>(ops: T[], index: number) => ops[index % ops.length]!;
const placeOf = (op: WriteOp, index: number): Place => opAt(op.places, index);
const where = (p: Place) => (p.at.length === 0 ? 'at the top level' : `in ${spellPath(p.at)}`);
const placeDepths = (op: WriteOp) => op.places.map((p) => p.depth);
const readOnlyDepths = (op: WriteOp) => op.readOnlyBodies.map((r) => depthOf(r.path));

/** Runs the cases of a rule over `ops`: first one per cell of the surface (resource, method, generation, depth),
 * then random ones; the rule's coverage records what of the surface they judged. */
async function overSurface<T extends { op: number; place: number }>(
  t: Target, ops: WriteOp[], slots: (op: WriteOp) => number[], arbitrary: fc.Arbitrary<T>, judge: (c: T, op: WriteOp, reach: Reach) => Promise<void>,
): Promise<void> {
  const reach = new Reach();
  try {
    await forAll(t, arbitrary, (c) => judge(c, opAt(ops, c.op), reach), { examples: firstCases(t, arbitrary, ops, slots) });
  } finally {
    reach.report();
  }
}

/** A misspelling of a real field at a place: the slipped name beside the real one, with the real one's value. */
function misspelledAt(place: Place, field: number, s: Parameters<typeof misspell>[1]): { name: string; value: unknown } {
  const real = Object.keys(place.fields);
  const original = opAt(real, field);
  const name = misspell(original, s);
  fc.pre(!Object.hasOwn(place.fields, name));
  return { name, value: place.fields[original] };
}

const index = fc.nat({ max: 99 });

check('ENT-UNKNOWN-FIELD-400', 'a body with a generated unknown field, at every depth of every writable resource, method and generation, is 400 naming it', async ({ target }) => {
  await withWriteOps(target, 'unknown-field', async (ops) => {
    const cases = fc.record({ op: index, place: index, name: unknownFieldName, value: fieldValue });
    await overSurface(target, ops, placeDepths, cases, async (c, op, reach) => {
      const place = placeOf(op, c.place);
      fc.pre(farFrom(c.name, Object.keys(place.fields)));
      const body = withField(op.body, place.at, c.name, c.value);
      const res = await sendBody(target, op, body);
      reach.add(op, place.depth);
      expectFieldRefused(res, { body, path: [...place.at, c.name] }, `${describeOp(op)} with the unknown field ${c.name} ${where(place)} is refused`);
    });
  });
});

check('ENT-MISSPELLED-FIELD-400', 'a body with a misspelling of a real field, at every depth of every writable resource, method and generation, is 400 naming it', async ({ target }) => {
  await withWriteOps(target, 'misspelled-field', async (ops) => {
    await overSurface(target, ops, placeDepths, fc.record({ op: index, place: index, field: fc.nat({ max: 29 }), slip }), async (c, op, reach) => {
      const place = placeOf(op, c.place);
      const { name, value } = misspelledAt(place, c.field, c.slip);
      const body = withField(op.body, place.at, name, value);
      const res = await sendBody(target, op, body);
      reach.add(op, place.depth);
      expectFieldRefused(res, { body, path: [...place.at, name] }, `${describeOp(op)} with the misspelled field ${name} ${where(place)} is refused`);
    });
  });
});

check('ENT-READ-ONLY-FIELD-400', 'a body that sets a field which cannot be modified, at the top level or nested, on every writable resource, method and generation, is 400 naming it', async ({ target }) => {
  await withWriteOps(target, 'read-only-field', async (all) => {
    const ops = all.filter((o) => o.readOnlyBodies.length > 0);
    if (ops.length === 0) throw new TargetError('nothing-judged', 'no resource written shows a read-only field');
    await overSurface(target, ops, readOnlyDepths, fc.record({ op: index, place: index }), async (c, op, reach) => {
      const ro = opAt(op.readOnlyBodies, c.place);
      const res = await sendBody(target, op, ro.body);
      reach.add(op, depthOf(ro.path));
      expectFieldRefused(res, ro, `${describeOp(op)} that sets the read-only field ${spellPath(ro.path)} is refused`);
    });
  });
});

// A refused body changes nothing: each body carries a real change beside the invalid field, and the entity read
// back must not show it. Bodies a target accepts (other rules' failures) are undone and leave this rule unjudged.
check('ENT-INVALID-FIELD-NO-EFFECT', 'an update refused for an invalid field, at any depth, of any resource, method and generation, leaves the entity as it was', async ({ target }) => {
  await withWriteOps(target, 'no-effect', async (all) => {
    const ops = updates(all);
    const kinds = fc.constantFrom('unknown', 'misspelled', 'read-only');
    const cases = fc.record({ op: index, place: index, kind: kinds, name: unknownFieldName, field: fc.nat({ max: 29 }), slip });
    await overSurface(target, ops, placeDepths, cases, async (c, generic, reach) => {
      const op = generic as (typeof ops)[number];
      const { field, current, changed } = op.change;
      // The change first, then the invalid field: a place inside the changed field stays in the body.
      const base = { ...op.body, [field]: changed };
      let body: Body;
      let depth: number;
      if (c.kind === 'read-only') {
        const ro = op.readOnlyBodies.filter((r) => r.path[0] !== field);
        fc.pre(ro.length > 0);
        const { path, body: roBody } = opAt(ro, c.place);
        body = { ...roBody, [field]: changed };
        depth = depthOf(path);
      } else {
        const place = placeOf(op, c.place);
        if (c.kind === 'unknown') fc.pre(farFrom(c.name, Object.keys(place.fields)));
        const m = c.kind === 'unknown' ? { name: c.name, value: true } : misspelledAt(place, c.field, c.slip);
        body = withField(base, place.at, m.name, m.value);
        depth = place.depth;
      }
      const res = await sendBody(target, op, body);
      if (res.status < 300) {
        await sendBody(target, op, { ...op.body, [field]: current }); // undone: the current values again
        return;
      }
      if (res.status >= 500 || res.status === 429) throw new TargetError('unexpected-status', `${describeExchange(res)} while sending ${describeOp(op)} with an invalid field`, res.exchange);
      judged('refused update', 1, op.path);
      reach.add(op, depth);
      const now = (await readBack(target, op))[field];
      if (!isDeepStrictEqual(now, current)) {
        throw new RuleFailure(`${describeExchange(res)} refused the body of ${describeOp(op)}, yet ${field} changed`, { expected: current, actual: now, exchange: res.exchange });
      }
    });
  });
});

/** Content types that are not JSON, and none at all. */
const notJson = ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'text/html', 'multipart/form-data; boundary=conformance', 'application/octet-stream', ''];

// "For POST and PUT the request header Content-Type: application/json is required": a body under any other type,
// or none, is refused (any 4xx), and reading back shows nothing created or replaced.
check('ENT-CONTENT-TYPE-REQUIRED', 'a POST or PUT of a valid JSON body without a JSON Content-Type is a 4xx and changes nothing', async ({ target }) => {
  // An alert configuration to PUT to in every project checks write in; each case picks a project.
  const places: { collection: string; config: NewEntity; whole: Record<string, unknown> }[] = [];
  try {
    for (const groupId of await spreadProjects(target)) {
      const config = await createAlertConfig(target, groupId, runName(target, 'content-type'));
      const place = { collection: alertConfigsPath(target, groupId), config, whole: {} as Record<string, unknown> };
      places.push(place); // deleted at the end even if reading it fails
      const before = await read(target, config.path);
      place.whole = Object.fromEntries(Object.entries(before).filter(([k]) => !['id', 'groupId', 'created', 'updated', 'links'].includes(k)));
    }
    let n = 0;
    const cases = fc.record({ place: fc.constantFrom(...places.keys()), method: fc.constantFrom('POST', 'PUT'), type: fc.constantFrom(...notJson) });
    await forAll(target, cases, async ({ place, method, type }) => {
      const { collection, config, whole } = places[place]!;
      const mark = runName(target, `content-type-${n++}`);
      const body = method === 'POST' ? alertConfigBody(mark) : { ...whole, enabled: !whole.enabled };
      const res = await target.send({ method, path: method === 'POST' ? collection : config.path, rawBody: JSON.stringify(body), headers: type ? { 'content-type': type } : {} });
      if (res.status >= 500 || res.status === 429) throw new TargetError('unexpected-status', `${describeExchange(res)} while sending a body without a JSON Content-Type`, res.exchange);
      const refused = res.status >= 400;
      judged('body', 1, `${method} ${type || '(none)'}`);
      const made = method === 'POST' ? await findMarkedAlertConfig(target, collection, mark) : undefined;
      if (made) await deleteCreated(target, noteCreated(target, `${collection}/${made}`));
      const replaced = method === 'PUT' && (await read(target, config.path)).enabled !== whole.enabled;
      // Put back what an accepted PUT replaced, so that later cases judge only their own request.
      if (replaced) await target.send({ method: 'PUT', path: config.path, json: whole });
      if (!refused || made || replaced) {
        throw new RuleFailure(`${describeExchange(res)}: a ${method} with Content-Type ${JSON.stringify(type || '(none)')} was ${refused ? 'refused, yet it took effect' : 'accepted'}`, {
          expected: 'a 4xx, and nothing created or replaced', actual: { status: res.status, created: made !== undefined, replaced }, exchange: res.exchange,
        });
      }
    });
  } finally {
    for (const { config } of places) await deleteCreated(target, config.created);
  }
});
