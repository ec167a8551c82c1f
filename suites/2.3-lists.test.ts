// Spec 2.3: list responses. "A resource that returns many entities returns them in pages."
import fc from 'fast-check';
import { afterAll, describe } from 'vitest';
import { checkCountOff, checkCountOn, checkListShape, itemKey, resultsOf } from '../src/judges/list.ts';
import { checkOversizedPage, expectStatus } from '../src/harness/judged-answers.ts';
import { checkAtMost, checkFirstItems } from '../src/judges/list-paging.ts';
import { isPartition, isPrefix, partitionDefects } from '../src/judges/partition.ts';
import { describeExchange } from '../src/judges/status.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { RuleFailure, skipFor, TargetError } from '../src/outcome.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { judgeAll, throwCut, throwFirst } from '../src/harness/judge-all.ts';
import { checkEmptyList, listAnswer, type ListAnswer } from '../src/judges/empty-list.ts';
import { emptyListReads, legacyListRead } from './support/empty-lists.ts';
import { dropFilledList, expectFilled, filledList, fillCount } from './support/paging-list.ts';
import {
  againWhileUnchanged,
  pageIn,
  pageSizeCases,
  readPage,
  requestPage,
  walkPages,
  whileUnchanged,
  wholeList,
  type Page,
  type PageQuery,
} from '../src/probes/pages.ts';
import { judgeEveryList } from '../src/probes/every-list.ts';
import { expectProfileProjectThere } from '../src/probes/profile-project.ts';
import {
  firstPage,
  legacyServesKind,
  pagedLists,
  sharedListKeys,
  sharedPage,
  type PagedList,
} from '../src/probes/surface/paged-lists.ts';
import { emptyProject, firstProject } from '../src/target/projects.ts';
import { forAll } from '../src/harness/property.ts';
import { check } from '../src/harness/check.ts';
import { contextsOf } from '../src/probes/path-template.ts';
import { withArticle } from '../src/check-outcome.ts';
import { caseGeneration, inGeneration } from '../src/probes/resource-versions.ts';
import { contextTitles, listSurface, missingContexts } from '../src/probes/surface/lists.ts';
import type { Target } from '../src/target/target.ts';
import { target } from '../src/harness/run-target.ts';

interface ListSource {
  title: string;
  path: (t: Target) => Promise<string>;
}

const filled: ListSource = { title: `${fillCount} alert configurations the suite created`, path: filledList };
const eventTypes: ListSource = { title: 'the event types', path: async (t) => t.v2('/eventTypes') };
const events: ListSource = {
  title: 'the events of a project',
  path: async (t) => t.v2(`/groups/${firstProject(t)}/events`),
};

/** Pages needed for `total` items at `size` per page (at least one: an empty list has an empty first page). */
const pagesFor = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

const keysOf = (t: Target, res: HttpResponse) => resultsOf(res, t.profile.paging).map(itemKey);
/** A page size that splits `n` items into two pages. */
const half = (n: number) => Math.max(1, Math.ceil(n / 2));
/** A page of a list: the run's shared reading, or a fresh one when a failure is judged again. */
const pageOf = async (tally: Tally, t: Target, l: PagedList, q: PageQuery, fresh: boolean) => {
  const res = fresh ? await requestPage(t, l.path, q) : await sharedPage(t, l, q);
  expectStatus(tally, res, 200, `page ${q.pageNum} of the ${l.title} is served`);
  return res;
};

const listOf = async (t: Target, source: ListSource): Promise<PagedList> => ({
  title: source.title,
  generation: 'v2',
  path: await source.path(t),
});

/** Judges `read` on a source's result set: the list the suite filled only from fresh readings while it stays
 * unchanged (the run's shared pages may predate its filling); any other from the run's shared pages, and a failure
 * again from fresh ones. */
async function judgeSource<T>(
  tally: Tally,
  t: Target,
  source: ListSource,
  read: (l: PagedList, all: string[], fresh: boolean) => Promise<T>,
): Promise<T> {
  const l = await listOf(t, source);
  if (source === filled)
    return whileUnchanged(tally, t, l.path, (all) => {
      expectFilled(all);
      return read(l, all, true);
    });
  return againWhileUnchanged(tally, t, l.path, await sharedListKeys(tally, t, l), (all, fresh) => read(l, all, fresh));
}

// One group, so that the list the suite filled is deleted as soon as the checks that read it are done.
describe('spec 2.3, list responses', () => {
  afterAll(() => dropFilledList(target()));

  // "The response entity has three fields: the total number of items in the whole result set, results (array of
  // entity documents), and links (one to three link relations)."
  const shapeSources: ListSource[] = [
    { title: 'the projects', path: async (t) => t.v2('/groups') },
    eventTypes,
    events,
    { title: 'the clusters of a project', path: async (t) => t.v2(`/groups/${firstProject(t)}/clusters`) },
    {
      title: 'the clusters of a project without clusters',
      path: async (t) => t.v2(`/groups/${emptyProject(t)}/clusters`),
    },
  ];
  for (const source of shapeSources) {
    check(
      'LIST-SHAPE',
      `${source.title}: the total count, results and one to three links`,
      async ({ target, tally }) => {
        const res = await requestPage(target, await source.path(target), { includeCount: true });
        await expectProfileProjectThere(target, res, `the list of ${source.title}`);
        expectStatus(tally, res, 200, `the list of ${source.title} is served`);
        checkListShape(res, target.profile);
      },
    );
  }

  check(
    'LIST-SHAPE',
    `${filled.title}, in three pages or more: every page has the total count, results and one to three links`,
    async ({ target, tally }) => {
      const path = await filled.path(target);
      const all = await wholeList(tally, target, path);
      expectFilled(all);
      const total = all.length;
      const size = Math.max(1, Math.floor(total / 3));
      for (const page of await walkPages(tally, target, path, size, pagesFor(total, size))) {
        tally.judged('page', 1, path);
        checkListShape(page.res, target.profile);
      }
    },
  );

  // "Query parameters: page number (1-based), ..."
  for (const source of [filled, events, eventTypes]) {
    check(
      'LIST-PAGE-1-BASED',
      `${source.title}: page 1 holds the first items, at several page sizes`,
      async ({ target, tally }) => {
        await judgeSource(tally, target, source, async (l, all, fresh) => {
          const sizes = [...new Set([1, 2, Math.max(3, Math.ceil(all.length / 2))])];
          const pages = await Promise.all(
            sizes.map((itemsPerPage) => pageOf(tally, target, l, { pageNum: 1, itemsPerPage }, fresh)),
          );
          if (all.length === 0 && pages.every((res) => keysOf(target, res).length === 0))
            skipFor('projects.ids', `${l.path} is empty, so page 1 shows nothing to judge`);
          sizes.forEach((size, i) => {
            const res = pages[i]!;
            tally.judged('page', 1, l.path);
            checkFirstItems(res, keysOf(target, res), all, size);
          });
        });
      },
    );
  }

  // "items per page (maximum 500)"; 8: "Page size | at most 500 items per page | all list responses".
  check(
    'LIST-MAX-500',
    'the event types: a page of the maximum size is served; one item more is refused or capped, and capped pages still hold every item once',
    async ({ target, tally }) => {
      const max = target.profile.paging.maxItemsPerPage;
      const l = await listOf(target, eventTypes);
      const path = l.path;
      // The run's shared readings: page 1 at the maximum (the count on changes no item) and at one item more.
      const full = pageIn(tally, target, path, await firstPage(target, l));
      tooLong(full, max);
      const res = await sharedPage(target, l, { pageNum: 1, itemsPerPage: max + 1 });
      const all = await sharedListKeys(tally, target, l);
      const items = res.status === 200 ? resultsOf(res, target.profile.paging) : [];
      const first = { res, items, keys: items.map(itemKey) };
      if (checkOversizedPage(tally, res, first.keys, max, all.length > 0) === 'refused') return;
      // A list of no more than the maximum shows no capping: what could be judged (the pages above) was.
      if (all.length <= max) return;
      // Capped pages of the request's size must still partition the result set.
      const pages = [first];
      for (let pageNum = 2; pageNum <= pagesFor(all.length, first.keys.length); pageNum++) {
        const page = await readPage(tally, target, path, { pageNum, itemsPerPage: max + 1 });
        tooLong(page, max);
        pages.push(page);
      }
      judgePartition(tally, all, pages, `at ${max + 1} per page (capped to ${first.keys.length})`);
    },
  );

  // The same for every page size above the maximum, not only one more: a cap that reads the size as text or in
  // too few bits holds at one more and breaks further up. Its edges first (one more, twice the maximum, the largest
  // 32-bit integer and one beyond it), then sizes the seed draws; page 1 of each.
  check(
    'LIST-MAX-500',
    'the event types: every page size above the maximum, up to beyond 32 bits, is refused or capped on page 1',
    async ({ target, tally }) => {
      const max = target.profile.paging.maxItemsPerPage;
      const l = await listOf(target, eventTypes);
      const all = await sharedListKeys(tally, target, l);
      const edges = [max + 1, 2 * max, 2 ** 31 - 1, 2 ** 31];
      await forAll(
        target,
        fc.integer({ min: max + 1, max: 2 ** 31 }),
        async (size) => {
          const res = await requestPage(target, l.path, { pageNum: 1, itemsPerPage: size });
          tally.judged('oversized page size');
          checkOversizedPage(tally, res, res.status === 200 ? keysOf(target, res) : [], max, all.length > 0, size);
        },
        { covering: edges },
      );
    },
  );

  const tooLong = (page: Page, max: number) => checkAtMost(page.res, page.keys, max);

  /** Fails with the page that first shows a repeated, missing or foreign item. */
  function judgePartition(tally: Tally, all: string[], pages: Page[], how: string): void {
    const defects = partitionDefects(
      all,
      pages.map((p) => p.keys),
    );
    tally.judged('page walk', 1, how);
    if (isPartition(defects)) return;
    const culprit = [...defects.duplicated, ...defects.foreign, ...defects.missing][0]!;
    // The page that shows the culprit last, or for a missing item the page where it belonged.
    const shownOn = pages.map((p) => p.keys.includes(culprit)).lastIndexOf(true);
    const size = pages[0]!.keys.length || 1;
    const page = pages[shownOn >= 0 ? shownOn : Math.min(pages.length - 1, Math.floor(all.indexOf(culprit) / size))]!;
    throw new RuleFailure(`the pages ${how} do not hold every item exactly once`, {
      expected: `${all.length} items, each on one page`,
      actual: { ...defects, pages: pages.map((p) => p.keys.length) },
      exchange: page.res.exchange,
    });
  }

  // "... and a switch that controls whether the response carries the total count."
  for (const source of [filled, eventTypes]) {
    check(
      'LIST-INCLUDE-COUNT',
      `${source.title}: pages 1 and 2 carry the total count when it is switched on, and not when it is off`,
      async ({ target, tally }) => {
        const paging = target.profile.paging;
        await judgeSource(tally, target, source, async (l, all, fresh) => {
          const itemsPerPage = half(all.length);
          for (const pageNum of [1, 2]) {
            const on = await pageOf(tally, target, l, { pageNum, itemsPerPage, includeCount: true }, fresh);
            tally.judged('page', 2, l.path);
            checkCountOn(on, paging, all.length);
            checkCountOff(
              await pageOf(tally, target, l, { pageNum, itemsPerPage, includeCount: false }, fresh),
              paging,
            );
          }
        });
      },
    );
  }

  // "A resource that returns many entities returns them in pages": walking every page, at any page size, shows each
  // item of the result set once; page sizes range from one item per page to one page for all.
  check(
    'LIST-PAGES-PARTITION',
    `${filled.title}: walking all pages at any page size shows every item exactly once`,
    async ({ target, tally }) => {
      const path = await filled.path(target);
      const all = await wholeList(tally, target, path);
      expectFilled(all);
      const total = all.length;
      const walked = new Set<number>();
      const walk = async (itemsPerPage: number) => {
        // A size already walked takes the same shape again: another is drawn while any is left.
        fc.pre(!walked.has(itemsPerPage) || walked.size > total);
        walked.add(itemsPerPage);
        // Each walk goes with the suite's writes held back from the start: the list lies in a project other checks
        // write to, and a walk they moved would be sent again whole.
        await whileUnchanged(
          tally,
          target,
          path,
          async (all) => {
            expectFilled(all);
            judgePartition(
              tally,
              all,
              await walkPages(tally, target, path, itemsPerPage, pagesFor(all.length, itemsPerPage)),
              `at ${itemsPerPage} per page`,
            );
          },
          { quiet: true },
        );
      };
      // Page sizes beyond the list's length all show one page. Under --cases all, when the cases outnumber the sizes
      // that differ, every one of them is walked; otherwise each shape of walk first, then sizes drawn at random.
      const { cases, numRuns } = target.setup;
      if (cases === 'all' && total + 1 <= numRuns) {
        for (let itemsPerPage = 1; itemsPerPage <= total + 1; itemsPerPage++) await walk(itemsPerPage);
      } else {
        await forAll(target, fc.integer({ min: 1, max: total + 1 }), walk, { covering: pageSizeCases(total) });
      }
    },
  );

  // Every paged list of the run, under both generations: the rules above hold for "a list response", each one of them.

  check(
    'LIST-SHAPE',
    'every paged list of both generations, the count switched on: the total count, results and one to three links',
    async ({ target, tally }) => {
      await judgeEveryList(tally, await pagedLists(target), async (l) => {
        const res = await firstPage(target, l);
        expectStatus(tally, res, 200, `the ${l.title} are served`);
        checkListShape(res, target.profile);
        return 'list';
      });
    },
  );

  check(
    'LIST-PAGE-1-BASED',
    'every paged list of both generations: page 1 holds the first items, at one item per page and at half the list (empty lists: page 1 is empty)',
    async ({ target, tally }) => {
      await judgeEveryList(tally, await pagedLists(target), async (l) => {
        const all = await sharedListKeys(tally, target, l);
        const sizes = [...new Set([1, half(all.length)])];
        await againWhileUnchanged(tally, target, l.path, all, async (all, fresh) => {
          for (const size of sizes) {
            const res = await pageOf(tally, target, l, { pageNum: 1, itemsPerPage: size }, fresh);
            checkFirstItems(res, keysOf(target, res), all, size);
          }
        });
        return all.length > 0 ? 'list' : 'empty list';
      });
    },
  );

  check(
    'LIST-MAX-500',
    'every paged list of both generations: a page of the maximum size is served and holds no more; one item more is refused or capped (empty lists: nothing to page)',
    async ({ target, tally }) => {
      const max = target.profile.paging.maxItemsPerPage;
      await judgeEveryList(tally, await pagedLists(target), async (l) => {
        const res = await firstPage(target, l);
        expectStatus(tally, res, 200, `a page of ${max} ${l.title} is served`);
        const keys = keysOf(target, res);
        checkAtMost(res, keys, max);
        // An empty capped page is judged against the list as it stands while that page is read.
        await againWhileUnchanged(tally, target, l.path, keys, async (all, fresh) => {
          const over = fresh
            ? await requestPage(target, l.path, { pageNum: 1, itemsPerPage: max + 1 })
            : await sharedPage(target, l, { pageNum: 1, itemsPerPage: max + 1 });
          checkOversizedPage(tally, over, over.status === 200 ? keysOf(target, over) : [], max, all.length > 0);
        });
        return keys.length > 0 ? 'list' : 'empty list';
      });
    },
  );

  check(
    'LIST-INCLUDE-COUNT',
    'every paged list of both generations: page 1 carries the total count when it is switched on, and not when it is off',
    async ({ target, tally }) => {
      const paging = target.profile.paging;
      const max = paging.maxItemsPerPage;
      await judgeEveryList(tally, await pagedLists(target), async (l) => {
        const on = await firstPage(target, l);
        expectStatus(tally, on, 200, `the ${l.title} with the count switched on are served`);
        const shown = keysOf(target, on).length;
        // Page 1 at the largest size that is not full holds the whole result set: its count is the items it shows.
        if (shown < max) checkCountOn(on, paging, shown);
        else {
          await againWhileUnchanged(
            tally,
            target,
            l.path,
            await sharedListKeys(tally, target, l),
            async (all, fresh) => {
              checkCountOn(
                await pageOf(tally, target, l, { pageNum: 1, itemsPerPage: max, includeCount: true }, fresh),
                paging,
                all.length,
              );
            },
          );
        }
        checkCountOff(
          await pageOf(tally, target, l, { pageNum: 1, itemsPerPage: max, includeCount: false }, false),
          paging,
        );
        return 'list';
      });
    },
  );

  check(
    'LIST-PAGES-PARTITION',
    'every paged list of both generations with two items or more, walked at half its length per page: every item exactly once',
    async ({ target, tally }) => {
      await judgeEveryList(tally, await pagedLists(target), async (l) => {
        const all = await sharedListKeys(tally, target, l);
        if (all.length < 2) return undefined;
        const size = half(all.length);
        const walked = await againWhileUnchanged(
          tally,
          target,
          l.path,
          all,
          async (all, fresh) => {
            const pages: Page[] = [];
            for (let pageNum = 1; pageNum <= pagesFor(all.length, size); pageNum++) {
              const res = await pageOf(tally, target, l, { pageNum, itemsPerPage: size }, fresh);
              const items = resultsOf(res, target.profile.paging);
              pages.push({ res, items, keys: items.map(itemKey) });
            }
            // Pages numbered otherwise are LIST-PAGE-1-BASED's to judge: a walk from page 1 then shows no partition.
            if (!isPrefix(pages[0]!.keys, all) || pages[0]!.keys.length !== Math.min(size, all.length)) return false;
            judgePartition(tally, all, pages, `of the ${l.title} at ${size} per page`);
            return true;
          },
          (v) => v,
        );
        if (!walked)
          throw new TargetError(
            'nothing-judged',
            `page 1 of the ${l.title} at ${size} per page does not hold the first items, so a walk from it shows no partition`,
          );
        return 'list';
      });
    },
  );

  // "An empty result set returns status 200 with an empty results array, not 404." Under both generations: a list
  // empty under /v2 is judged under /v1.0 too, where a 200 judges, and a 404 breaks the rule only where /v1.0 serves
  // that list at its first instance (else the 404 may be the missing generation's, VER-LEGACY-SAME-BODIES' to judge).
  check(
    'LIST-EMPTY-200',
    "every list without items, at every depth of its contexts (a project without content's, and those under the first entities the crawl reached), under both generations, is 200 with empty results",
    async ({ target, tally }) => {
      const field = target.profile.paging.resultsField;
      const surface = await listSurface(target);
      const failures: RuleFailure[] = [];
      const cut: TargetError[] = [];
      const generations = new Set<string>();
      let empty = 0;
      /** Judges one reading of a list; returns what it showed ('empty' where it held the rule). */
      const judge = (res: HttpResponse, what: string, generation: string, depth: number, place: string) => {
        let answer: ListAnswer = 'not found';
        try {
          answer = checkEmptyList(res, field, what);
          // A list with items is not empty, and one without a results array is LIST-SHAPE's to judge.
          if (answer === 'no results')
            cut.push(
              new TargetError('wrong-type', `${describeExchange(res)}: ${what} carry no results array`, res.exchange),
            );
          if (answer !== 'empty') return answer;
        } catch (e) {
          if (e instanceof TargetError) cut.push(e);
          if (!(e instanceof RuleFailure)) return 'other';
          failures.push(e);
        }
        empty++;
        generations.add(generation);
        tally.judged(`empty list at depth ${depth}`, 1, place);
        return answer;
      };
      for (const read of await emptyListReads(target, surface)) {
        const { list, path, depth, res } = read;
        if (judge(res, `the ${list.title}`, 'v2', depth, path) !== 'empty') continue;
        const legacy = await legacyListRead(target, surface, read);
        // A 404 under /v1.0 may be that of the missing generation where /v1.0 does not serve the list at its first
        // instance.
        if (!legacy.served && listAnswer(legacy.res, field) === 'not found') continue;
        judge(legacy.res, `the ${list.title} under /v1.0`, 'v1.0', depth, target.legacy(path));
      }
      throwFirst(failures, empty);
      throwCut(cut);
      if (empty === 0) throw new TargetError('nothing-judged', 'the target showed no empty list to judge');
      tally.judged('generation', generations.size);
    },
  );

  // "A list requested in a context that does not exist (for example the hosts of a non-existent project) returns 404."
  // The probes of each kind of missing context (a project, a cluster, ...) take the two generations in turns (spec
  // 9.4: /v1.0 serves the same resources), so that a kind with two lists or more reaches both in every run. A list
  // goes under /v1.0 only where /v1.0 serves it under contexts that exist: elsewhere its 404 there would be that of
  // the missing generation (VER-GENERATIONS'), not of the missing context, and it goes under /v2.
  check(
    'LIST-MISSING-CONTEXT-404',
    'every list under a context that does not exist is 404, at every depth of its contexts, each kind of context under both generations',
    async ({ target, tally }) => {
      const surface = await listSurface(target);
      const probes = missingContexts(surface).filter((p) => p.list.paged);
      const turns = new Map<string, number>();
      const sent = await Promise.all(
        probes.map(async (p) => {
          const kind = contextsOf(p.list.template)[p.depth]!;
          const turn = turns.get(kind) ?? 0;
          turns.set(kind, turn + 1);
          const turned = caseGeneration(target.setup.seed, turn);
          const generation = turned === 'v1.0' && !(await legacyServesKind(target, surface, p.list)) ? 'v2' : turned;
          return { p, kind, generation };
        }),
      );
      const answers = await Promise.all(
        sent.map(async (c) => ({
          ...c,
          res: await target.send({ method: 'GET', ...inGeneration(target, c.generation, c.p.path) }),
        })),
      );
      judgeAll(
        tally,
        'missing context',
        answers,
        ({ p, kind, generation, res }) => {
          const context = contextTitles[kind] ?? 'context';
          expectStatus(
            tally,
            res,
            404,
            `the ${p.list.title} (/${generation}), under ${withArticle(context)} that does not exist, are not found`,
          );
        },
        { place: ({ p, generation }) => `${generation} ${p.list.template}#${p.depth}` },
      );
      tally.judged('generation', new Set(sent.map((c) => c.generation)).size);
    },
  );
});
