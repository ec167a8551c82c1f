// Sequences of requests (spec 4.1 methods, 2.3 lists, 7.2 status codes): random sequences of creates, reads, lists,
// PATCHes, PUTs and deletes of alert configurations and custom database roles, under /v2 and the legacy /v1.0, each
// answer checked against a model of what the spec promises after the commands before it. The bugs these find live
// between requests: a list that still shows a deleted entity, a count that drifts, a PATCH that undoes a PUT.
import fc from 'fast-check';
import { forAllBatches } from './support/concurrent-sequence.ts';
import { check, type CheckContext } from '../src/harness/check.ts';
import {
  AfterDelete,
  Count,
  Create,
  CreateDuplicate,
  CreateFreed,
  Delete,
  List,
  Patch,
  Put,
  Read,
  ReadEach,
} from './support/sequence-commands.ts';
import {
  alertConfigKind,
  customRoleKind,
  forAllSequences,
  Session,
  type Kind,
  type SequenceCommand,
  type SequenceEnd,
} from '../src/probes/sequence.ts';
import { target } from '../src/harness/run-target.ts';
import { spreadProjects } from '../src/probes/work-project.ts';

type Commands = fc.Arbitrary<SequenceCommand>[];

const legacy = fc.boolean();
const create = fc.constant(new Create());
const del = fc.nat().map((i) => new Delete(i));

/** A whole other alert configuration, keeping the run's mark (the matcher on the entity's name). */
const replacement = fc.record({
  enabled: fc.boolean(),
  // Often none: a PUT that leaves out a field the create sent is a replacement a merge cannot pass for.
  severityOverride: fc.constantFrom(
    undefined,
    undefined,
    ...target().profile.alertConfigs.severityOverrideValues.slice(0, 2),
  ),
  intervalMin: fc.constantFrom(15, 120),
  delayMin: fc.constantFrom(0, 10),
});
type Replacement = typeof replacement extends fc.Arbitrary<infer R> ? R : never;
const putOf = (i: number, r: Replacement, l: boolean) =>
  new Put(
    i,
    (name) => ({
      eventTypeName: 'NO_PRIMARY',
      enabled: r.enabled,
      ...(r.severityOverride === undefined ? {} : { severityOverride: r.severityOverride }),
      matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: name }],
      notifications: [
        {
          typeName: 'GROUP',
          intervalMin: r.intervalMin,
          delayMin: r.delayMin,
          emailEnabled: true,
          smsEnabled: false,
          roles: ['GROUP_OWNER'],
        },
      ],
    }),
    JSON.stringify(r),
    l,
  );
const put = fc.tuple(fc.nat(), replacement, legacy).map(([i, r, l]) => putOf(i, r, l));
const patch = fc.tuple(fc.nat(), fc.boolean(), legacy).map(([i, enabled, l]) => new Patch(i, { enabled }, l));
const read = fc.tuple(fc.nat(), legacy).map(([i, l]) => new Read(i, l));

/** Where a rule's sequences work: one of the projects checks spread their writes over, a rule to each. */
async function sequences(
  ctx: CheckContext,
  kind: Kind,
  commands: Commands,
  place: number,
  end: SequenceEnd,
  starting = 1,
): Promise<void> {
  const projects = await spreadProjects(ctx.target);
  const project = projects[place % projects.length]!;
  // Each sequence starts with entities, so that even a short one has something to read, change and delete.
  const first = Array.from({ length: starting }, () => new Create());
  await forAllSequences(ctx.target, () => new Session(ctx, kind, project), first, commands, end);
}

// 2.3: "A resource that returns many entities returns them in pages." Small pages put the entities on several.
const list = fc.tuple(fc.integer({ min: 1, max: 3 }), legacy).map(([size, l]) => new List(size, l));
for (const [k, kind] of [customRoleKind, alertConfigKind].entries()) {
  check(
    'SEQ-LIST-MEMBERS',
    `${kind.title}s created and deleted in any order: walking their list in pages (1 to 3 per page, or two pages where it is longer) shows each live one once, and no deleted one`,
    async (ctx) => {
      await sequences(ctx, kind, [create, create, del, list], k, {
        upTo: ['list'],
        cover: [new Create(), new Create(), new Delete(1), new List(1, false), new List(2, true)],
      });
    },
  );
}

// 2.3: "The response entity has three fields: the total number of items in the whole result set, ..."
check(
  'SEQ-LIST-COUNT',
  'custom database roles created and deleted in any order: the total count of their list is the number of items it holds',
  async (ctx) => {
    await sequences(ctx, customRoleKind, [create, create, del, legacy.map((l) => new Count(l))], 2, {
      upTo: ['count'],
      cover: [new Create(), new Delete(0), new Count(false), new Count(true)],
    });
  },
);

// 4.1: "DELETE | Remove a resource." 7.2: "404 | Not Found | The resource does not exist, ..."
const afterDeleteOf = (i: number, method: 'GET' | 'PUT' | 'PATCH', l: boolean) =>
  new AfterDelete(
    i,
    method,
    (name) => {
      if (method === 'GET') return undefined;
      return method === 'PATCH' ? { enabled: false } : alertConfigKind.body(target(), name);
    },
    l,
  );
const afterDelete = fc
  .tuple(fc.nat(), fc.constantFrom<'GET' | 'PUT' | 'PATCH'>('GET', 'PUT', 'PUT', 'PATCH'), legacy)
  .map(([i, method, l]) => afterDeleteOf(i, method, l));
check(
  'SEQ-GONE-AFTER-DELETE',
  'alert configurations read, deleted, then read, replaced and patched again: each is 404 once deleted',
  async (ctx) => {
    await sequences(ctx, alertConfigKind, [del, afterDelete, afterDelete, afterDelete, read], 3, {
      upTo: ['get-deleted', 'put-deleted', 'patch-deleted'],
      cover: [
        new Delete(0),
        afterDeleteOf(0, 'GET', false),
        afterDeleteOf(0, 'PUT', true),
        afterDeleteOf(0, 'PATCH', false),
      ],
    });
  },
);

// 4.1: "PUT | Replace a resource with the JSON representation sent." "PATCH | Update the fields given in the JSON
// representation sent."
check(
  'SEQ-WRITES-HELD',
  'alert configurations patched and replaced in any order, and read between and after: each read shows what the writes left, with its id and self link',
  async (ctx) => {
    // Two, so that the writes to one interleave with writes to another (its commands make none); reads after the last
    // write would repeat those of the reading at the end.
    await sequences(
      ctx,
      alertConfigKind,
      [read, read, patch, put],
      4,
      {
        upTo: ['patch', 'put'],
        last: [new ReadEach()],
        cover: [
          new Read(0, false),
          new Patch(0, { enabled: false }, true),
          putOf(1, { enabled: true, severityOverride: undefined, intervalMin: 15, delayMin: 0 }, false),
        ],
      },
      2,
    );
  },
);

// 7.2: "409 | Conflict | A create or modify request would duplicate a value of a property that must be unique."
check(
  'SEQ-UNIQUE-FREED',
  'custom database roles created, duplicated, deleted and created again: a held name is 409, a freed one 201',
  async (ctx) => {
    const duplicate = fc.nat().map((i) => new CreateDuplicate(i));
    const again = fc.nat().map((i) => new CreateFreed(i));
    await sequences(ctx, customRoleKind, [create, duplicate, del, again, again], 5, {
      upTo: ['create-duplicate', 'create-freed'],
      cover: [new CreateDuplicate(0), new Delete(0), new CreateFreed(0)],
    });
  },
);

check(
  'SEQ-CONCURRENT-SERIAL',
  'creates and deletes of custom database roles sent at once: answers and final roles of some serial order',
  async (ctx) => {
    const projects = await spreadProjects(ctx.target);
    const project = projects[6 % projects.length]!;
    await forAllBatches(ctx.target, () => new Session(ctx, customRoleKind, project));
  },
);
