// A project's IP access list (real service: `/groups/{groupId}/accessList`; the spec does not name it): list,
// add entries (the body is an array; the answer is the whole list, 201), get and delete an entry by its address or
// CIDR block. Adding an entry that exists updates its comment, as on the real service.
import { isIP } from 'node:net';
import { listInGroup, requireGroup } from '../authz.ts';
import type { RequestContext } from '../context.ts';
import { invalidAttribute, invalidJson, missingAttribute, orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { entity, noContent, type Reply } from '../respond.ts';
import type { Route } from '../router.ts';
import { removeWhere, type AccessListEntry, type Group } from '../store.ts';
import { isPlainObject, linksField, validateBody, type ObjectField } from '../validate.ts';
import { dateAsRead, formatIsoDate, legacyLenient, parseIsoDate } from '../dates.ts';

const entryShape: ObjectField = {
  type: 'object',
  fields: {
    links: linksField,
    groupId: { type: 'string' },
    ipAddress: { type: 'string' },
    cidrBlock: { type: 'string' },
    comment: { type: 'string', maxLength: 80 },
    deleteAfterDate: { type: 'date' },
  },
};

type EntryBody = Partial<Omit<AccessListEntry, 'groupId'>> & { groupId?: string };

const entryPath = (e: AccessListEntry) =>
  `/groups/${e.groupId}/accessList/${encodeURIComponent(e.ipAddress ?? e.cidrBlock)}`;
const entryView = (ctx: RequestContext, e: AccessListEntry, inList: boolean) => ({
  ...e,
  links: entityLinks(ctx, entryPath(e), [], inList),
});
const entriesOf = (ctx: RequestContext, group: Group) => ctx.store.accessList.filter((e) => e.groupId === group.id);

function isCidr(text: string): boolean {
  const [address, bits, extra] = text.split('/');
  const family = isIP(address ?? '');
  return (
    extra === undefined && family !== 0 && /^\d{1,3}$/.test(bits ?? '') && Number(bits) <= (family === 4 ? 32 : 128)
  );
}

/** An entry as sent, its deleteAfterDate as a defective target reads it (mutants of spec 2.1); as sent otherwise. */
function sentEntry(ctx: RequestContext, item: unknown): unknown {
  if (!isPlainObject(item) || typeof item.deleteAfterDate !== 'string') return item;
  // Mutants: deleteAfterDate takes whatever JavaScript's Date.parse reads, not only ISO-8601 (or under /v1.0 only);
  // one without a zone is read in the server's zone, UTC+02:00, not UTC.
  const defects = {
    lenient: ctx.mutants.has('ENT-DATES-INPUT-ISO:body') || legacyLenient(ctx),
    serverZone: ctx.mutants.has('ENT-DATES-DEFAULT-UTC:body'),
  };
  return { ...item, deleteAfterDate: dateAsRead(item.deleteAfterDate, defects) };
}

/** One entry of a POST body, in the stored form; `place` names it in errors (`[0].cidrBlock`). */
function entryOf(group: Group, body: EntryBody, place: string): AccessListEntry {
  if (body.groupId !== undefined && body.groupId !== group.id) throw invalidAttribute(`${place}.groupId`);
  if (body.ipAddress !== undefined && body.cidrBlock !== undefined) throw invalidAttribute(`${place}.cidrBlock`);
  if (body.ipAddress !== undefined) {
    if (isIP(body.ipAddress) === 0) throw invalidAttribute(`${place}.ipAddress`);
    const bits = isIP(body.ipAddress) === 4 ? 32 : 128;
    return { groupId: group.id, ipAddress: body.ipAddress, cidrBlock: `${body.ipAddress}/${bits}`, ...optional(body) };
  }
  if (body.cidrBlock === undefined) throw missingAttribute(`${place}.cidrBlock`);
  if (!isCidr(body.cidrBlock)) throw invalidAttribute(`${place}.cidrBlock`);
  return { groupId: group.id, cidrBlock: body.cidrBlock, ...optional(body) };
}

const optional = (body: EntryBody) => ({
  ...(body.comment !== undefined ? { comment: body.comment } : {}),
  // Stored in UTC (spec 2.1), whatever zone it was sent in.
  ...(body.deleteAfterDate !== undefined
    ? { deleteAfterDate: formatIsoDate(parseIsoDate(body.deleteAfterDate)!) }
    : {}),
});

function addEntries(ctx: RequestContext): Reply {
  const group = requireGroup(ctx, 'write');
  if (!Array.isArray(ctx.body)) throw invalidJson();
  // Every entry is checked before any is added: a refused body changes nothing.
  const entries = ctx.body.map((item, i) =>
    entryOf(group, validateBody<EntryBody>(sentEntry(ctx, item), entryShape), `[${i}]`),
  );
  for (const entry of entries) {
    removeWhere(ctx.store.accessList, (e) => e.groupId === group.id && e.cidrBlock === entry.cidrBlock);
    ctx.store.accessList.push(entry);
  }
  const list = listInGroup(
    ctx,
    (g) => entriesOf(ctx, g),
    (e, inList) => entryView(ctx, e, inList),
  );
  return list.kind === 'list' ? entity(list.body, 201) : list;
}

const requireEntry = (ctx: RequestContext, group: Group) =>
  orNotFound(
    entriesOf(ctx, group).find((e) => e.cidrBlock === ctx.params.entryValue || e.ipAddress === ctx.params.entryValue),
    ctx.path,
  );

function deleteEntry(ctx: RequestContext): Reply {
  const entry = requireEntry(ctx, requireGroup(ctx, 'write'));
  removeWhere(ctx.store.accessList, (e) => e === entry);
  return noContent();
}

export const accessListRoutes: Route[] = [
  {
    path: '/groups/{groupId}/accessList',
    list: true,
    methods: {
      GET: (ctx) =>
        listInGroup(
          ctx,
          (g) => entriesOf(ctx, g),
          (e, inList) => entryView(ctx, e, inList),
        ),
      POST: addEntries,
    },
  },
  {
    path: '/groups/{groupId}/accessList/{entryValue}',
    methods: {
      GET: (ctx) => entity(entryView(ctx, requireEntry(ctx, requireGroup(ctx, 'read')), false)),
      DELETE: deleteEntry,
    },
  },
];
