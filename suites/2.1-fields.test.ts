// Spec 2.1 Request content type: "For POST and PUT the request header Content-Type: application/json is required".
// Invalid fields: "Fields are validated. An unknown or misspelled field, or a field that cannot be modified, is
// rejected with status 400 and an error message that names the invalid field. It is not ignored."
// Each is a property over every write of the run's writable surface (src/probes/surface/writes.ts): every
// resource, write method, generation and depth of the body, each reached once first (write-ops.ts).
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { expectFieldRefused, expectJudgeable } from '../src/harness/judged-answers.ts';
import { jsonContentTypeRequired } from '../src/judges/media-type.ts';
import { spellPath } from '../src/judges/names-field.ts';
import { describeExchange } from '../src/judges/status.ts';
import { RuleFailure, TargetError } from '../src/outcome.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { fieldValue, farFrom, misspell, slip, unknownFieldName } from './support/field-names.ts';
import { forAll } from '../src/harness/property.ts';
import { effectOf, readChanged } from '../src/probes/refused-write.ts';
import { noteAccepted } from '../src/target/created.ts';
import { check } from '../src/harness/check.ts';
import type { Target } from '../src/target/target.ts';
import {
  depthOf,
  describeOp,
  firstCases,
  Reach,
  sendBody,
  updates,
  withField,
  withWriteOps,
  type Place,
  type Slot,
  type WriteOp,
} from '../src/probes/write-operations.ts';
import type { JsonObject } from '../src/judges/json-walk.ts';
import { inGeneration } from '../src/probes/resource-versions.ts';

const opAt = <T>(ops: T[], index: number) => ops[index % ops.length]!;
const placeOf = (op: WriteOp, index: number): Place => opAt(op.places, index);
const where = (p: Place) => (p.at.length === 0 ? 'at the top level' : `in ${spellPath(p.at)}`);
const placeSlots = (op: WriteOp): Slot[] => op.places.map((p) => ({ depth: p.depth, key: spellPath(p.at) }));
const readOnlySlots = (op: WriteOp): Slot[] =>
  op.readOnlyBodies.map((r) => ({ depth: depthOf(r.path), key: spellPath(r.path) }));

/** Runs the cases of a rule over `ops`: first one per cell of the surface (resource, method, generation, depth; `cover`
 * may assemble them from several kinds of slot), then random ones; the rule's coverage records what they judged. */
async function overSurface<T extends { op: number; place: number }>(
  tally: Tally,
  t: Target,
  ops: WriteOp[],
  slots: (op: WriteOp) => Slot[],
  arbitrary: fc.Arbitrary<T>,
  judge: (c: T, op: WriteOp, reach: Reach) => Promise<void>,
  cover: (firsts: (slots: (op: WriteOp) => Slot[], o?: { every: boolean }) => T[]) => T[] = (firsts) => firsts(slots),
): Promise<void> {
  const reach = new Reach();
  try {
    await forAll(t, arbitrary, (c) => judge(c, opAt(ops, c.op), reach), {
      covering: cover((s, o) => firstCases(t, arbitrary, ops, s, o)),
    });
  } finally {
    reach.report(tally);
  }
}

/** A misspelling of a real field at a place: the slipped name beside the real one, with the real one's value. */
function misspelledAt(
  place: Place,
  field: number,
  s: Parameters<typeof misspell>[1],
): { name: string; value: unknown } {
  const real = Object.keys(place.fields);
  // A place that holds no field (an entity read back without any) has none to misspell.
  fc.pre(real.length > 0);
  const original = opAt(real, field);
  const name = misspell(original, s);
  fc.pre(!Object.hasOwn(place.fields, name));
  return { name, value: place.fields[original] };
}

const index = fc.nat({ max: 99 });

check(
  'ENT-UNKNOWN-FIELD-400',
  'a body with a generated unknown field, at every depth of every writable resource, method and generation, is 400 naming it',
  async ({ target, tally }) => {
    await withWriteOps(target, 'unknown-field', async (ops) => {
      const cases = fc.record({ op: index, place: index, name: unknownFieldName, value: fieldValue });
      await overSurface(tally, target, ops, placeSlots, cases, async (c, op, reach) => {
        const place = placeOf(op, c.place);
        fc.pre(farFrom(c.name, Object.keys(place.fields)));
        const body = withField(op.body, place.at, c.name, c.value);
        const res = await sendBody(target, op, body);
        reach.add(op, place.depth);
        expectFieldRefused(
          tally,
          res,
          { body, path: [...place.at, c.name] },
          `${describeOp(op)} with the unknown field ${c.name} ${where(place)} is refused`,
        );
      });
    });
  },
);

check(
  'ENT-MISSPELLED-FIELD-400',
  'a body with a misspelling of a real field, at every depth of every writable resource, method and generation, is 400 naming it',
  async ({ target, tally }) => {
    await withWriteOps(target, 'misspelled-field', async (ops) => {
      await overSurface(
        tally,
        target,
        ops,
        placeSlots,
        fc.record({ op: index, place: index, field: fc.nat({ max: 29 }), slip }),
        async (c, op, reach) => {
          const place = placeOf(op, c.place);
          const { name, value } = misspelledAt(place, c.field, c.slip);
          const body = withField(op.body, place.at, name, value);
          const res = await sendBody(target, op, body);
          reach.add(op, place.depth);
          expectFieldRefused(
            tally,
            res,
            { body, path: [...place.at, name] },
            `${describeOp(op)} with the misspelled field ${name} ${where(place)} is refused`,
          );
        },
      );
    });
  },
);

check(
  'ENT-READ-ONLY-FIELD-400',
  'a body that sets a field which cannot be modified, at the top level or nested, on every writable resource, method and generation, is 400 naming it',
  async ({ target, tally }) => {
    await withWriteOps(target, 'read-only-field', async (all) => {
      const ops = all.filter((o) => o.readOnlyBodies.length > 0);
      if (ops.length === 0) throw new TargetError('nothing-judged', 'no resource written shows a read-only field');
      // Every read-only field of every write is sent once first (the statement names them all), then drawn ones.
      await overSurface(
        tally,
        target,
        ops,
        readOnlySlots,
        fc.record({ op: index, place: index }),
        async (c, op, reach) => {
          const ro = opAt(op.readOnlyBodies, c.place);
          const res = await sendBody(target, op, ro.body);
          reach.add(op, depthOf(ro.path));
          expectFieldRefused(
            tally,
            res,
            ro,
            `${describeOp(op)} that sets the read-only field ${spellPath(ro.path)} is refused`,
          );
        },
        (firsts) => firsts(readOnlySlots, { every: true }),
      );
    });
  },
);

// A refused body changes nothing: each body carries a real change beside the invalid field, and the entity read
// back must not show it. Bodies a target accepts (other rules' failures) are undone and leave this rule unjudged.
check(
  'ENT-INVALID-FIELD-NO-EFFECT',
  'an update refused for an invalid field, at any depth, of any resource, method and generation, leaves the entity as it was',
  async ({ target, tally }) => {
    await withWriteOps(target, 'no-effect', async (all) => {
      const ops = updates(all);
      const kinds = fc.constantFrom('unknown', 'misspelled', 'read-only');
      const cases = fc.record({
        op: index,
        place: index,
        kind: kinds,
        name: unknownFieldName,
        field: fc.nat({ max: 29 }),
        slip,
      });
      await overSurface(
        tally,
        target,
        ops,
        placeSlots,
        cases,
        async (c, generic, reach) => {
          const op = generic as (typeof ops)[number];
          const { field, current, changed } = op.change;
          // The change first, then the invalid field: a place inside the changed field stays in the body.
          const base = { ...op.body, [field]: changed };
          let body: JsonObject;
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
          expectJudgeable(tally, res, `${describeOp(op)} with an invalid field is answered`);
          tally.judged('refused update', 1, op.path);
          reach.add(op, depth);
          const now = await readChanged(target, op);
          if (!isDeepStrictEqual(now, current)) {
            throw new RuleFailure(
              `${describeExchange(res)} refused the body of ${describeOp(op)}, yet ${field} changed`,
              { expected: current, actual: now, exchange: res.exchange },
            );
          }
        },
        (firsts) => [
          // Each place's depth by an unknown or a misspelled field, then each read-only field's depth.
          ...firsts(placeSlots).map((c, i) => ({
            ...c,
            kind: i % 2 === 0 ? ('unknown' as const) : ('misspelled' as const),
          })),
          ...firsts(readOnlySlots).map((c) => ({ ...c, kind: 'read-only' as const })),
        ],
      );
    });
  },
);

/** Content types that are not JSON, text/plain first, and none at all (the last). */
const notJson = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/html',
  'multipart/form-data; boundary=conformance',
  'application/octet-stream',
  '',
];

// "For POST and PUT the request header Content-Type: application/json is required", and spec 9.2 gives PATCH the same
// header in the versioned API: every such write of the writable surface (each resource, method and generation) is sent under every other
// type, or none, and must be refused (any 4xx) and take no effect, read back. The same body under application/json
// is taken first, so that a refusal is the Content-Type's; a body the target refuses anyway leaves the rule unjudged.
check(
  'ENT-CONTENT-TYPE-REQUIRED',
  'a POST or PUT of every writable resource and generation, and a /v2 PATCH, without a JSON Content-Type is a 4xx and changes nothing',
  async ({ target, tally }) => {
    await withWriteOps(target, 'content-type', async (surface) => {
      const ops = surface.filter((op) => jsonContentTypeRequired(op.method, op.generation));
      const taken = new Set<number>();
      const reach = new Reach();
      // First each cell (resource, method, generation) under text/plain, what fetch labels a string body with, then
      // each without a Content-Type (in another project where there are several), then drawn cases.
      const cells = new Map<string, number[]>();
      for (const [i, op] of ops.entries()) cells.set(describeOp(op), [...(cells.get(describeOp(op)) ?? []), i]);
      const examples = [...cells.values()]
        .map((at) => ({ op: at[0]!, type: 0 }))
        .concat([...cells.values()].map((at) => ({ op: at[1 % at.length]!, type: notJson.length - 1 })));
      try {
        await forAll(
          target,
          fc.record({ op: index, type: fc.nat({ max: notJson.length - 1 }) }),
          async (c) => {
            const op = opAt(ops, c.op);
            const type = notJson[c.type]!;
            if (!taken.has(c.op % ops.length)) {
              const json = await sendBody(target, op, op.body);
              expectJudgeable(tally, json, `${describeOp(op)} under application/json is answered`);
              if (json.status >= 300)
                throw new TargetError(
                  'nothing-judged',
                  `${describeExchange(json)}: the body is refused under application/json too, so a refusal would not be the Content-Type's`,
                  json.exchange,
                );
              taken.add(c.op % ops.length);
            }
            const body = op.change ? { ...op.body, [op.change.field]: op.change.changed } : op.body;
            const headers: Record<string, string> = type ? { 'content-type': type } : {};
            const res = await target.send({
              method: op.method,
              rawBody: JSON.stringify(body),
              ...inGeneration(target, op.generation, op.path, headers),
            });
            noteAccepted(target, res, target.v2(op.path), op.key);
            expectJudgeable(
              tally,
              res,
              `${describeOp(op)} with Content-Type ${JSON.stringify(type || '(none)')} is answered`,
            );
            reach.add(op, 0);
            const refused = res.status >= 400;
            // The owner reads back; what an accepted or wrongly applied write made or changed is undone.
            const effect = (await effectOf(target, op, res)) !== undefined && refused;
            if (!refused || effect) {
              throw new RuleFailure(
                `${describeExchange(res)}: ${describeOp(op)} with Content-Type ${JSON.stringify(type || '(none)')} was ${refused ? 'refused, yet it took effect' : 'accepted'}`,
                {
                  expected: 'a 4xx, and nothing created or changed',
                  actual: { status: res.status, tookEffect: effect },
                  exchange: res.exchange,
                },
              );
            }
          },
          { covering: examples },
        );
      } finally {
        reach.report(tally, false);
      }
    });
  },
);
