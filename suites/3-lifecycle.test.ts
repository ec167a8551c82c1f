// Spec 3: states and transitions of an API resource version (with 8 and 9.3): current, deprecated (still
// served for at least twelve months), deleted (no longer served); each resource versions on its own.
// The resources and their versions come from the profile (versions.resources, .deprecated, .deleted).
import { describeExchange } from '../src/judges/status.ts';
import { expectErrorWithBody, expectRefused, expectServed } from '../src/harness/judged-answers.ts';
import { firstProject } from '../src/target/projects.ts';
import type { Target } from '../src/target/target.ts';
import { notApplicableFor, RuleFailure, TargetError } from '../src/outcome.ts';
import type { HttpResponse } from '../src/http/messages.ts';
import {
  deprecatedVersions,
  readInVersion,
  resourcePath,
  resourceOfPath,
  sameBodiesIn,
  versionedResources,
} from '../src/probes/resource-versions.ts';
import { describeOp, inVersion, sendBody, withNeutralWriteOps } from '../src/probes/write-operations.ts';
import { judgeEach } from '../src/harness/coverage-first.ts';
import { expectWritesRefusedIn } from '../src/probes/version-writes.ts';
import { check } from '../src/harness/check.ts';
import { target } from '../src/harness/run-target.ts';

const resources = versionedResources(target());

// 3: "deprecated version | time passes | twelve months after deprecation | deleted"; until then it is served.
// 9.4: "2023-01-01 | deprecated; usable by following only steps for base address and header in migration".
for (const r of resources) {
  check(
    'VER-DEPRECATED-USABLE',
    `GET ${r.template} in each of its deprecated versions is served`,
    async ({ target, tally }) => {
      const deprecated = deprecatedVersions(target, r);
      if (deprecated.length === 0)
        notApplicableFor('versions.deprecated', `the profile lists no deprecated version of ${r.template}`);
      for (const version of deprecated) {
        expectServed(
          tally,
          await readInVersion(target, r.template, version),
          `${r.template} is still served in the deprecated version ${version}`,
        );
      }
    },
  );
}

// A version is served for writes too: every /v2 write of the writable surface (src/probes/write-operations.ts) whose
// resource has a deprecated version is sent in it, Accept and Content-Type naming it, and is served. A body refused
// as invalid (400, 422) is of the default version's shape. Where the spec says the two versions take the same bodies
// (9.4, 9.5: 2023-01-01 and 2023-02-01, clusters aside), the same body is sent in the default version: refusing what
// that version takes is the deprecated version not served. Elsewhere the older version may have another shape: not
// judged.
check(
  'VER-DEPRECATED-USABLE',
  'every write of the writable surface, sent in each deprecated version of its resource, is served',
  async ({ target, tally }) => {
    await withNeutralWriteOps(target, 'deprecated', async (ops) => {
      const cases = ops
        .filter((op) => op.generation === 'v2')
        .flatMap((op) => {
          const r = resourceOfPath(target, op.path);
          return r ? deprecatedVersions(target, r).map((version) => ({ op, version })) : [];
        });
      if (cases.length === 0)
        notApplicableFor('versions.deprecated', 'the profile lists no deprecated version of a resource the run writes');
      const shapes: HttpResponse[] = [];
      await judgeEach(cases, async ({ op, version }) => {
        const res = await sendBody(target, op, op.body, inVersion(target, version));
        if (res.status === 400 || res.status === 422) {
          const current = target.profile.versions.default;
          if (!sameBodiesIn(op.path, version, current)) return void shapes.push(res);
          const taken = await sendBody(target, op, op.body, inVersion(target, current));
          if (taken.status < 200 || taken.status >= 300) return void shapes.push(res);
          tally.judged('write', 1, `${describeOp(op)} in ${version}`);
          throw new RuleFailure(
            `${describeExchange(res)}: ${describeOp(op)} in the deprecated version ${version} refuses the body ${current} takes (${describeExchange(taken)}), though the two take the same bodies (spec 9.5)`,
            { expected: `served in ${version}`, actual: res.status, exchange: res.exchange },
          );
        }
        tally.judged('write', 1, `${describeOp(op)} in ${version}`);
        expectServed(tally, res, `${describeOp(op)} is served in the deprecated version ${version}`);
      });
      if (shapes.length === cases.length)
        throw new TargetError(
          'nothing-judged',
          `${describeExchange(shapes[0]!)}: every body was refused as invalid in the deprecated versions, so none showed whether they are served`,
          shapes[0]!.exchange,
        );
    });
  },
);

// 3: "requests to the deleted version are no longer served": requests of any method. The resources are read with GET
// (refused with the error body) and HEAD (refused: a 4xx, which has no body to carry it) in turns from the run's seed,
// so that a run sends both; the profile's first project is sent a PATCH that changes nothing (`{}`), so that a target
// serving it changes nothing either; and every write of the writable surface (below).
const deletedVersions = (t: Target): string[] => {
  const { deleted } = t.profile.versions;
  if (deleted.length === 0) notApplicableFor('versions.deleted', 'the profile lists no deleted version');
  return deleted;
};
for (const [k, r] of resources.entries()) {
  check(
    'VER-DELETED-REFUSED',
    `GET or HEAD (in turns) ${r.template} in a deleted version is refused, a GET with the error body`,
    async ({ target, tally }) => {
      for (const version of deletedVersions(target)) {
        if ((target.setup.seed + k) % 2 === 0) {
          expectErrorWithBody(
            tally,
            await readInVersion(target, r.template, version),
            `${r.template} is not served in the deleted version ${version}`,
          );
          continue;
        }
        const head = await target.send({ method: 'HEAD', path: target.v2(resourcePath(target, r.template)), version });
        expectRefused(tally, head, `HEAD ${r.template} is not served in the deleted version ${version}`);
      }
    },
  );
}
check(
  'VER-DELETED-REFUSED',
  'a PATCH of a profile project that changes nothing, in a deleted version, is refused with the error body',
  async ({ target, tally }) => {
    const path = target.v2(`/groups/${firstProject(target)}`);
    for (const version of deletedVersions(target)) {
      const res = await target.send({ method: 'PATCH', path, version, json: {} });
      expectErrorWithBody(tally, res, `PATCH /groups/{groupId} is not served in the deleted version ${version}`);
    }
  },
);

// The same for every /v2 write of the writable surface (POST, PUT and PATCH of each resource of one project), sent in
// each deleted version, Accept and Content-Type naming it, with the body its resource takes in the default version:
// a create wrongly served is deleted at once, a PUT or PATCH carries the entity's current values.
check(
  'VER-DELETED-REFUSED',
  'every /v2 write of the writable surface, sent in a deleted version, is refused with the error body',
  async ({ target, tally }) => {
    const deleted = deletedVersions(target);
    await expectWritesRefusedIn(
      target,
      tally,
      'deleted',
      () => deleted,
      (version) => `is not served in the deleted version ${version}`,
    );
  },
);

// 3: "Each resource in the versioned API changes version independently of the others." 9.3 rule 4: "if /serverless
// gets a new version dated 2023-06-01 and /backup stays at 2023-02-01, a client using only /backup need not act":
// a resource's current version is served and not marked deprecated, whatever newer versions other resources have.
// Only a resource that some other resource has outgrown can show it.
const outgrown = resources
  .map((r) => ({ r, newer: resources.filter((o) => o.current > r.current) }))
  .filter((o) => o.newer.length > 0);
if (outgrown.length === 0) {
  check(
    'VER-INDEPENDENT',
    "a resource whose current version is older than another resource's is served and not deprecated",
    async () => {
      notApplicableFor('versions.resources', 'every resource in the profile has the same current version');
    },
  );
}
for (const { r, newer } of outgrown) {
  check(
    'VER-INDEPENDENT',
    `GET ${r.template} in its current version ${r.current} is served and not deprecated, whatever other resources' newer versions`,
    async ({ target, tally }) => {
      const res = await readInVersion(target, r.template, r.current);
      expectServed(
        tally,
        res,
        `${r.template} is served in its current version ${r.current} although ${newer[0]!.template} has ${newer[0]!.current}`,
      );
      const header = target.profile.versions.deprecationHeader;
      const marked = header ? res.header(header) : undefined;
      if (marked !== undefined) {
        throw new RuleFailure(
          `${describeExchange(res)}: ${r.template}'s current version ${r.current} is marked deprecated (${header}: ${marked}) though only other resources have newer versions`,
          {
            expected: `no ${header} header`,
            actual: `${header}: ${marked}`,
            exchange: res.exchange,
          },
        );
      }
    },
  );
}
