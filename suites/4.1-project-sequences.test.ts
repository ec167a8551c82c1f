// Sequences of requests on projects (spec 2.5, 2.3 lists, 4.1 methods, 7.2 status codes), where the profile allows
// creating them: random sequences of creates, reads, lists of /groups, PATCHes and deletes, under /v2 and the legacy
// /v1.0, each answer checked against the model of suites/support/sequence-commands.ts. Projects are organization
// paths, so these requests draw on no project's rate budget (spec 8). Projects take no PUT: the real service
// changes them by PATCH alone.
import fc from 'fast-check';
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
  Read,
  ReadEach,
} from './support/sequence-commands.ts';
import { projectKind, projectOrg } from '../src/probes/project-kind.ts';
import { forAllSequences, Session, type SequenceCommand, type SequenceEnd } from '../src/probes/sequence.ts';

const legacy = fc.boolean();
const create = fc.constant(new Create());
const del = fc.nat().map((i) => new Delete(i));
const read = fc.tuple(fc.nat(), legacy).map(([i, l]) => new Read(i, l));
const afterDeleteOf = (i: number, method: 'GET' | 'PATCH', l: boolean) =>
  new AfterDelete(i, method, () => (method === 'PATCH' ? { withDefaultAlertsSettings: false } : undefined), l);

/** Runs a rule's sequences of projects; each starts with two, so that even a short one has something to change. */
async function projectSequences(
  ctx: CheckContext,
  commands: fc.Arbitrary<SequenceCommand>[],
  end: SequenceEnd,
): Promise<void> {
  const org = projectOrg(ctx.target);
  await forAllSequences(
    ctx.target,
    () => new Session(ctx, projectKind, org),
    [new Create(), new Create()],
    commands,
    end,
  );
}

// 2.3: "A resource that returns many entities returns them in pages."
check(
  'SEQ-LIST-MEMBERS',
  'projects created and deleted in any order: walking /groups in pages (1 to 3 per page, or two pages where it is longer) shows each live one once, and no deleted one',
  async (ctx) => {
    const list = fc.tuple(fc.integer({ min: 1, max: 3 }), legacy).map(([size, l]) => new List(size, l));
    await projectSequences(ctx, [create, create, del, list], {
      upTo: ['list'],
      cover: [new Delete(0), new List(1, false), new List(2, true)],
    });
  },
);

// 2.3: "The response entity has three fields: the total number of items in the whole result set, ..."
check(
  'SEQ-LIST-COUNT',
  'projects created and deleted in any order: the total count of /groups is the number of items it holds',
  async (ctx) => {
    await projectSequences(ctx, [create, create, del, legacy.map((l) => new Count(l))], {
      upTo: ['count'],
      cover: [new Delete(0), new Count(false), new Count(true)],
    });
  },
);

// 4.1: "DELETE | Remove a resource." 7.2: "404 | Not Found | The resource does not exist, ..."
check(
  'SEQ-GONE-AFTER-DELETE',
  'projects read, deleted, then read and patched again: each is 404 once deleted',
  async (ctx) => {
    const afterDelete = fc
      .tuple(fc.nat(), fc.constantFrom<'GET' | 'PATCH'>('GET', 'PATCH'), legacy)
      .map(([i, method, l]) => afterDeleteOf(i, method, l));
    await projectSequences(ctx, [del, afterDelete, afterDelete, read], {
      upTo: ['get-deleted', 'patch-deleted'],
      cover: [new Delete(0), afterDeleteOf(0, 'GET', false), afterDeleteOf(0, 'PATCH', true)],
    });
  },
);

// 4.1: "PATCH | Update the fields given in the JSON representation sent."
check(
  'SEQ-WRITES-HELD',
  'projects patched in any order, and read between and after: each read shows what the PATCHes left, with its id and self link',
  async (ctx) => {
    const change = fc.oneof(
      fc.boolean().map((on) => ({ withDefaultAlertsSettings: on })),
      fc.constantFrom('a', 'b').map((v) => ({ tags: [{ key: 'conformance', value: v }] })),
      fc.constant({ tags: [] }),
    );
    const patch = fc.tuple(fc.nat(), change, legacy).map(([i, c, l]) => new Patch(i, c, l));
    await projectSequences(ctx, [read, read, patch, patch], {
      upTo: ['patch'],
      last: [new ReadEach()],
      cover: [new Read(0, false), new Patch(0, { withDefaultAlertsSettings: false }, true)],
    });
  },
);

// 7.2: "409 | Conflict | A create or modify request would duplicate a value of a property that must be unique."
check(
  'SEQ-UNIQUE-FREED',
  'projects created, duplicated, deleted and created again: a held name is 409, a freed one 201',
  async (ctx) => {
    const duplicate = fc.nat().map((i) => new CreateDuplicate(i));
    const again = fc.nat().map((i) => new CreateFreed(i));
    await projectSequences(ctx, [create, duplicate, del, again, again], {
      upTo: ['create-duplicate', 'create-freed'],
      cover: [new CreateDuplicate(0), new Delete(0), new CreateFreed(0)],
    });
  },
);
