// Spec 9: versioning. 9.1 the two generations, 9.2 the headers of the versioned API, 9.4 what 2023-02-01
// changed from the legacy API. The clusters of 9.5: suites/9.5-clusters.test.ts; the lifecycle of a version
// (spec 3): suites/3-lifecycle.test.ts.
import fc from 'fast-check';
import { checkClusterShape, clusterSchemaOf } from '../src/judges/cluster-shape.ts';
import { resultsOf } from '../src/judges/list.ts';
import { differences, replacedInStrings } from '../src/judges/same-body.ts';
import { expectErrorWithBody, expectRefused, expectServed, expectStatus } from '../src/harness/judged-answers.ts';
import { describeExchange } from '../src/judges/status.ts';
import { hasRepresentation } from '../src/judges/media-type.ts';
import { checkNamesVersion } from '../src/judges/versioned-media.ts';
import { notApplicableFor, RuleFailure, skipFor, TargetError } from '../src/outcome.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { crawl, crawledPath, noneReached, rereadable } from '../src/probes/crawl.ts';
import { matchTemplate } from '../src/probes/path-template.ts';
import { titleOf } from '../src/probes/surface/lists.ts';
import { judgeAll } from '../src/harness/judge-all.ts';
import { judgeEach } from '../src/harness/coverage-first.ts';
import { expectWritesRefusedIn } from '../src/probes/version-writes.ts';
import { describeOp, sendBody, withNeutralWriteOps } from '../src/probes/write-operations.ts';
import { forAll } from '../src/harness/property.ts';
import {
  deprecatedVersions,
  firstReadVersion,
  isClustersResource,
  knownVersions,
  readInVersion,
  readLegacy,
  readPathInVersion,
  resourceOfPath,
  sharedLegacyRead,
  versionedResources,
} from '../src/probes/resource-versions.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import { check } from '../src/harness/check.ts';
import { resourceKinds, unversionedRead } from '../src/probes/surface/kinds.ts';
import { targetSurface } from '../src/surface/target-surface.ts';
import type { Target } from '../src/target/target.ts';
import { target } from '../src/harness/run-target.ts';

const resources = versionedResources(target());

// 1: "Two API generations exist: a legacy, unversioned one at /v1.0 and a versioned one at /v2".
for (const [what, path] of [
  ['root resource', '/'],
  ['list of projects', '/groups'],
] as const) {
  check('VER-GENERATIONS', `the legacy generation serves the ${what} under /v1.0`, async ({ target, tally }) => {
    expectServed(tally, await readLegacy(target, target.legacy(path)), `GET ${target.legacy(path)} is served`);
  });
  check('VER-GENERATIONS', `the versioned generation serves the ${what} under /v2`, async ({ target, tally }) => {
    expectServed(tally, await target.get(target.v2(path)), `GET ${target.v2(path)} is served`);
  });
}

// 9.2: "Accept | every request | application/vnd.platform.<yyyy-mm-dd>+json, where the date is the resource version":
// each version of each resource the profile lists, deleted ones aside, is served (deprecated ones: spec 3,
// VER-DEPRECATED-USABLE); the clusters in the shape of that version (9.4, 9.5), each result item judged.
const isClusterList = (template: string) => /^\/groups\/\{groupId\}\/clusters$/.test(template);
for (const r of resources) {
  for (const version of r.versions.filter((v) => !target().profile.versions.deleted.includes(v))) {
    const schema = isClusterList(r.template) ? clusterSchemaOf(version) : undefined;
    check(
      'VER-ACCEPT-SERVED',
      `GET ${r.template} naming its version ${version} in Accept is served${schema ? ` in the ${schema} shape` : ''}`,
      async ({ target, tally }) => {
        const res = await readInVersion(target, r.template, version);
        // That a deprecated version is still served is VER-DEPRECATED-USABLE's to judge; here, the shape it is served in.
        const deprecated = deprecatedVersions(target, r).includes(version);
        if (deprecated && (res.status < 200 || res.status >= 300))
          throw new TargetError(
            'nothing-judged',
            `the deprecated ${version} of ${r.template} was not served (${res.status}): VER-DEPRECATED-USABLE judges that`,
            res.exchange,
          );
        expectServed(tally, res, `${r.template} is served in its version ${version}`);
        const clusters = schema ? resultsOf(res, target.profile.paging).map((cluster, i) => ({ cluster, i })) : [];
        if (clusters.length === 0) return;
        judgeAll(
          tally,
          'cluster',
          clusters,
          ({ cluster, i }) => checkClusterShape(schema!, cluster, `${describeExchange(res)}: result item ${i}`, res),
          { place: () => `${r.template} in ${version}` },
        );
      },
    );
  }
}

// 9.2: a version is the resource's, its entries' too (an entry versions with its list). The run reads every entry in
// the profile's default version; where a list's current version is another, one entry the crawl reached (not one the
// run made, which its checks delete at any time) is read in it, unless the target's document dates the entry's GET
// without that version. An answer but a 2xx, 406 or 410 is held against the entry read again in the default version:
// an entry gone since the crawl refuses no version.
const entryVersioned = resources.filter(
  (r) => !r.template.endsWith('}') && r.current !== target().profile.versions.default,
);
for (const r of entryVersioned) {
  check(
    'VER-ACCEPT-SERVED',
    `an entry of ${r.template} the crawl reached, read in the list's current version ${r.current}, is served`,
    async ({ target, tally }) => {
      const c = await crawl();
      const entry = rereadable(target, c.responses)
        .filter((e) => e.res.status === 200)
        .map((e) => target.belowV2(crawledPath(e)))
        .find((path) => matchTemplate(`${r.template}/{entry}`, path));
      if (entry === undefined) noneReached(c, target, `entry of the ${titleOf(r.template)}`);
      // The target's document, where it dates the entry's GET, says which versions it serves.
      const op = (await targetSurface(target)).operationAt('GET', entry);
      if (op && op.generations.length > 0 && !op.generations.includes(r.current))
        notApplicableFor(
          'versions.resources',
          `the target's document serves ${op.template} in ${op.generations.join(', ')}, not in ${r.current}, which the profile gives its list`,
        );
      const res = await readPathInVersion(target, entry, r.current);
      if (res.status >= 300 && res.status !== 406 && res.status !== 410) {
        const now = await target.get(target.v2(entry));
        if (now.status < 200 || now.status >= 300)
          throw new TargetError(
            'nothing-judged',
            `${entry} is no longer served in ${target.profile.versions.default} either (${now.status})`,
            now.exchange,
          );
      }
      expectServed(tally, res, `${entry} is served in its list's version ${r.current}`);
    },
  );
}

// 9.2: the response's media type is not stated; the real service echoes the version it served in Content-Type.
for (const r of resources) {
  for (const version of r.versions.filter((v) => !target().profile.versions.deleted.includes(v))) {
    check(
      'VER-RESPONSE-NAMES-VERSION',
      `GET ${r.template} in ${version} is answered as application/vnd.<vendor>.${version}+json`,
      async ({ target, tally }) => {
        const res = await readInVersion(target, r.template, version);
        if (res.status < 200 || res.status >= 300)
          throw new TargetError(
            'nothing-judged',
            `${version} of ${r.template} was not served (${res.status}), so no answer names it`,
            res.exchange,
          );
        if (!hasRepresentation(res))
          throw new TargetError('nothing-judged', `${version} of ${r.template} was served with no body`, res.exchange);
        tally.judged('answer', 1, r.template);
        checkNamesVersion(res, target.profile.vendor, (named) => named === version, target.mediaType(version));
      },
    );
  }
}

// 9.2: every answer of the crawl, read in the profile's default version, names the version it was served in: that
// one, or where the resource has no such version an older one (the newest not later, as the real service serves).
check(
  'VER-RESPONSE-NAMES-VERSION',
  'every versioned answer the crawl reached names a version not later than the one asked for',
  async ({ target, tally }) => {
    const { responses, cut } = await crawl();
    const asked = target.profile.versions.default;
    judgeAll(
      tally,
      'answer',
      responses.filter(({ res }) => res.status >= 200 && res.status < 300 && hasRepresentation(res)),
      ({ res }) =>
        checkNamesVersion(
          res,
          target.profile.vendor,
          (named) => named <= asked,
          `application/vnd.${target.profile.vendor}.<a version not later than ${asked}>+json`,
        ),
      { place: crawledPath, cut },
    );
  },
);

// 9.2: "Content-Type | POST, PUT, PATCH | either application/json or application/vnd.platform.<yyyy-mm-dd>+json": every
// /v2 write of the writable surface (src/probes/write-operations.ts: each resource and write method) is sent under the
// versioned media type, with a body the target takes, and served. Every write the run sends under either type is
// judged as well (suites/exchange-rules.test.ts): the other checks send theirs as application/json.
check(
  'VER-CONTENT-TYPE-BOTH',
  'every write of the writable surface (each resource and method) with Content-Type the versioned media type is served',
  async ({ target, tally }) => {
    const type = target.mediaType(target.profile.versions.default);
    await withNeutralWriteOps(target, 'media-versioned', async (ops) => {
      await judgeEach(
        ops.filter((op) => op.generation === 'v2'),
        async (op) => {
          const res = await sendBody(target, op, op.body, { contentType: type });
          tally.judged('write', 1, describeOp(op));
          expectServed(tally, res, `${describeOp(op)} with Content-Type ${type} is served`);
        },
      );
    });
  },
);

// 9.2: a version is a date the resource has; a date before every release names no version and is not served.
// A date after a resource's newest version is served by the real service in its newest version not later than
// the date, which the spec does not forbid: dates of the 2090s are sent only when the profile says they are refused.
const dateIn = (from: string, to: string) =>
  fc.date({ min: new Date(`${from}T00:00:00Z`), max: new Date(`${to}T00:00:00Z`), noInvalidDate: true });
/** The ranges of unknown dates, each a place the rule covers: before every version, and after every one where
 * refused; a date the profile knows as a version is none of them. */
function unknownRanges(t: Target): fc.Arbitrary<string>[] {
  const known = knownVersions(t);
  return (
    t.profile.versions.unlistedDates === 'refused'
      ? [dateIn('1990-01-01', '1999-12-31'), dateIn('2090-01-01', '2099-12-31')]
      : [dateIn('1990-01-01', '1999-12-31')]
  ).map((range) => range.map((d) => d.toISOString().slice(0, 10)).filter((date) => !known.has(date)));
}

/** One date of each range, drawn from the run's seed. */
const unknownDates = (t: Target, ranges: fc.Arbitrary<string>[]): string[] =>
  ranges.map((range) => fc.sample(range, { seed: t.setup.seed, numRuns: 1 })[0]!);

// Requests of any method: a GET or HEAD of the projects, or a PATCH that changes nothing (`{}`) of the profile's first
// project, so that a target serving it changes nothing either; each method is among the first cases. A profile that
// names no project leaves the PATCH out, and the coverage line says so.
const unknownVersionMethods = ['GET', 'HEAD', 'PATCH'] as const;
check(
  'VER-UNKNOWN-REFUSED',
  'a GET, HEAD or PATCH whose Accept names an unknown version date is refused, with the error body but to a HEAD',
  async ({ target, tally }) => {
    const project = target.profile.projects.ids[0];
    const methods = unknownVersionMethods.filter((m) => m !== 'PATCH' || project !== undefined);
    if (project === undefined) tally.left('method', 'PATCH: the profile names no project (projects.ids)');
    const ranges = unknownRanges(target);
    const examples = unknownDates(target, ranges);
    const covering = methods.map((method, i) => [examples[i % examples.length]!, method] as const);
    const sent = new Set<string>();
    await forAll(
      target,
      fc.tuple(fc.oneof(...ranges), fc.constantFrom(...methods)),
      async ([date, method]) => {
        const what = `a ${method} naming the unknown version ${date} is not served`;
        sent.add(method);
        if (method === 'HEAD')
          return expectRefused(tally, await target.send({ method, path: target.v2('/groups'), version: date }), what);
        const res =
          method === 'GET'
            ? await target.get(target.v2('/groups'), { version: date })
            : await target.send({ method, path: target.v2(`/groups/${project}`), version: date, json: {} });
        expectErrorWithBody(tally, res, what);
      },
      { covering },
    );
    tally.judged('method', sent.size);
  },
);

// The same for every /v2 write of the writable surface (POST, PUT and PATCH of each resource of one project), Accept
// and Content-Type naming an unknown date, with the body its resource takes in the default version: a create wrongly
// served is deleted at once, a PUT or PATCH carries the entity's current values. The writes take the ranges of
// unknown dates in turns from the run's seed, a date drawn from each, so that every range is sent writes.
check(
  'VER-UNKNOWN-REFUSED',
  'every /v2 write of the writable surface, sent in an unknown version date, is refused with the error body',
  async ({ target, tally }) => {
    const dates = unknownDates(target, unknownRanges(target));
    await expectWritesRefusedIn(
      target,
      tally,
      'unknown-version',
      (i) => [dates[(i + target.setup.seed) % dates.length]!],
      (date) => `naming the unknown version ${date} is not served`,
    );
  },
);

/** Skips the check on a target whose profile says it serves an Accept not of the spec's form (9.2 says what a client
 * sends, not what the target does with anything else). */
function requireOtherAcceptRefused(t: Target): void {
  if (t.profile.versions.otherAccept === 'served')
    skipFor('versions.otherAccept', "the profile says the target serves an Accept not of the spec's versioned form");
}

// An impossible date names no version: judged always. The other spellings are not of the spec's form: a profile fact.
const malformed: [what: string, accept: (t: Target) => string, spelling: boolean][] = [
  ['an impossible date (February 31)', (t) => `application/vnd.${t.profile.vendor}.2023-02-31+json`, false],
  ['a date without dashes', (t) => `application/vnd.${t.profile.vendor}.20230201+json`, true],
  ['a two-digit year', (t) => `application/vnd.${t.profile.vendor}.23-02-01+json`, true],
  ['no date', (t) => `application/vnd.${t.profile.vendor}+json`, true],
  ['no +json suffix', (t) => `application/vnd.${t.profile.vendor}.${t.profile.versions.default}`, true],
];
for (const [what, accept, spelling] of malformed) {
  check(
    'VER-UNKNOWN-REFUSED',
    `a versioned media type with ${what} is refused with the error body`,
    async ({ target, tally }) => {
      if (spelling) requireOtherAcceptRefused(target);
      const res = await target.send({
        method: 'GET',
        path: target.v2('/groups'),
        version: null,
        headers: { accept: accept(target) },
      });
      expectErrorWithBody(tally, res, `Accept: ${accept(target)} is not served`);
    },
  );
}

// 9.2: "Accept | every request | application/vnd.platform.<yyyy-mm-dd>+json": a request without it names no version,
// and none is assumed for it; judged on every kind of resource of the surface. Without Accept and with */*, the kinds
// are read with GET or HEAD in turns from the run's seed, the two forms in opposite turns, so that each kind is read
// with both methods (a HEAD's refusal is its status: it has no body); with application/json, with GET, whose bodies
// ENT-JSON-RESPONSE judges too. Every other request of the run without a version is judged by the exchange rule.
const unversioned: [what: string, accept: string | undefined, turn: number | undefined][] = [
  ['no Accept', undefined, 0],
  ['Accept: application/json', 'application/json', undefined],
  ['Accept: */*', '*/*', 1],
];
for (const [what, accept, turn] of unversioned) {
  check(
    'VER-UNKNOWN-REFUSED',
    `a request with ${what} is refused, with the error body but to a HEAD, on every kind of resource`,
    async ({ target, tally }) => {
      requireOtherAcceptRefused(target);
      const kinds = await resourceKinds(target);
      const methodOf = (k: number) => (turn === undefined || (target.setup.seed + k + turn) % 2 === 0 ? 'GET' : 'HEAD');
      const answers = await Promise.all(
        kinds.map(async (k, i) => ({ k, res: await unversionedRead(target, k.path, accept, methodOf(i)) })),
      );
      judgeAll(
        tally,
        'resource kind',
        answers,
        ({ k, res }) => {
          const asked = `${res.exchange.request.method} ${k.path} (the ${k.title}) with ${what} is not served`;
          if (res.exchange.request.method === 'HEAD') expectRefused(tally, res, asked);
          else expectErrorWithBody(tally, res, asked);
        },
        { place: ({ k }) => k.title },
      );
      tally.judged('method', new Set(answers.map(({ res }) => res.exchange.request.method)).size);
    },
  );
}

// 9.4: "2023-02-01 | initial versioned release; differs from legacy only in the clusters resource": every kind of
// resource the run reaches (src/probes/surface/kinds.ts: the root, the projects, a project, each list at a context the
// crawl reached), clusters aside. The run's own readings under /v1.0 and in 2023-02-01 are compared first; where they
// differ, legacy, versioned, legacy are read again with the suite's writes held back, and equal legacy readings show
// that the resource did not change in between. A kind that came later has nothing to compare: one whose GET the
// target's document first serves after 2023-02-01, or, where no document dates it, one not served in 2023-02-01;
// never one the profile lists in that version.
const comparedVersion = '2023-02-01';

/** The differences between a legacy and a versioned reading, links of one base read as the other's; undefined when
 * either is not a served JSON object, so that only a fresh comparison can judge them. */
function bodyDifferences(t: Target, legacy: HttpResponse, versioned: HttpResponse): string[] | undefined {
  if (legacy.status !== versioned.status || legacy.status < 200 || legacy.status >= 300) return undefined;
  try {
    return differences(replacedInStrings(legacy.jsonObject(), t.legacy(), t.v2()), versioned.jsonObject());
  } catch {
    return undefined;
  }
}

/** Legacy, versioned, legacy read with the suite's writes held back, until the legacy readings agree (three tries). */
async function compareQuietly(tally: Tally, t: Target, path: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [before, versioned, after] = await t.writes.quietly(async () => [
      await readLegacy(t, t.legacy(path)),
      await t.get(t.v2(path), { version: comparedVersion }),
      await readLegacy(t, t.legacy(path)),
    ]);
    expectStatus(tally, before, versioned.status, `GET ${path} answers the same status under both generations`);
    expectServed(tally, versioned, `GET ${path} is served in ${comparedVersion}`);
    // Bodies are compared as the entities or lists they must be: JSON of another type leaves nothing to compare.
    if (differences(before.jsonObject(), after.jsonObject()).length > 0) continue;
    const differ = bodyDifferences(t, before, versioned)!;
    if (differ.length > 0) {
      throw new RuleFailure(
        `GET ${path}: the legacy and the ${comparedVersion} bodies differ at ${differ.slice(0, 5).join(', ')}`,
        { expected: before.json(), actual: versioned.json(), exchange: versioned.exchange },
      );
    }
    return;
  }
  throw new TargetError(
    'nothing-judged',
    `${path} changed between readings three times in a row, so the two generations could not be compared`,
  );
}

check(
  'VER-LEGACY-SAME-BODIES',
  `every kind of resource the run reaches, clusters aside, has the same body under /v1.0 and in ${comparedVersion}`,
  async ({ target, tally }) => {
    const kinds = (await resourceKinds(target)).filter((k) => !isClustersResource(k.path));
    const surface = await targetSurface(target);
    let compared = 0;
    await judgeEach(kinds, async (k) => {
      const [legacy, versioned] = await Promise.all([
        sharedLegacyRead(target, k.path),
        readPathInVersion(target, k.path, comparedVersion),
      ]);
      const listed = resourceOfPath(target, k.path)?.versions.includes(comparedVersion) ?? false;
      const first = firstReadVersion(surface, k.path);
      const cameLater =
        first === undefined ? versioned.status >= 400 && versioned.status < 500 : first > comparedVersion;
      if (!listed && cameLater) return;
      compared++;
      tally.judged('resource kind', 1, k.title);
      if (bodyDifferences(target, legacy, versioned)?.length !== 0) await compareQuietly(tally, target, k.path);
    });
    if (compared === 0)
      throw new TargetError('nothing-judged', `no kind of resource the run reached is served in ${comparedVersion}`);
  },
);
