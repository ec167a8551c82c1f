// Spec 2.5: project identifier. "A project is identified by a string, the project ID. ... paths and parameters use
// group or groupId for the project ID. Wherever a group ID is required, the project ID is given."
import { expectStatus } from '../src/harness/judged-answers.ts';
import { describeExchange } from '../src/judges/status.ts';
import { RuleFailure } from '../src/outcome.ts';
import { projectsPath } from '../src/probes/new-entities.ts';
import { profileProjects } from '../src/target/projects.ts';
import { readPage, wholeItems } from '../src/probes/pages.ts';
import type { Tally } from '../src/harness/coverage.ts';
import { check } from '../src/harness/check.ts';
import type { Target } from '../src/target/target.ts';
import { expectProfilePathServed } from '../src/judges/profile-path.ts';

/** Paths of the endpoint list (spec 4) that take a group ID. */
const groupIdPaths = [
  '/groups/{groupId}',
  '/groups/{groupId}/clusters',
  '/groups/{groupId}/events',
  '/groups/{groupId}/alertConfigs',
];

type Project = { id?: unknown; name?: unknown };

/** The ids a profile project goes by: the one the projects list gives it (found by its name) and its own entity's. */
async function idsOf(tally: Tally, t: Target, profileId: string, listed: Project[]): Promise<string[]> {
  const res = await t.get(t.v2(`/groups/${profileId}`));
  expectProfilePathServed(res, 'projects.ids', `the profile's project ${profileId}`);
  expectStatus(tally, res, 200, `the profile's project ${profileId} is served`);
  const own = res.jsonObject();
  const inList = listed.find((p) => p.name === own.name);
  return [...new Set([inList?.id, own.id].filter((id): id is string => typeof id === 'string'))];
}

check(
  'PROJ-ID-AS-GROUP-ID',
  `the id of each profile project, as the projects list and the project give it, is accepted in ${groupIdPaths.join(', ')}`,
  async ({ target, tally }) => {
    const profileIds = profileProjects(target);
    const listed = (await wholeItems(tally, target, projectsPath(target))) as Project[];
    for (const profileId of profileIds) {
      for (const id of await idsOf(tally, target, profileId, listed)) {
        for (const path of groupIdPaths) {
          const res = await target.get(target.v2(path.replace('{groupId}', id)));
          expectStatus(tally, res, 200, `the project id ${id} is accepted as the group ID of ${path}`);
        }
      }
    }
  },
);

check(
  'PROJ-ID-AS-GROUP-ID',
  'the clusters, events and alert configurations of each profile project give its project id as their groupId',
  async ({ target, tally }) => {
    for (const id of profileProjects(target)) {
      for (const path of groupIdPaths.slice(1)) {
        const page = await readPage(tally, target, target.v2(path.replace('{groupId}', id)), {});
        const other = page.items.find(
          (item) => typeof item === 'object' && item !== null && 'groupId' in item && item.groupId !== id,
        );
        if (other) {
          throw new RuleFailure(`${describeExchange(page.res)}: an entity of project ${id} gives another groupId`, {
            expected: id,
            actual: (other as { groupId: unknown }).groupId,
            exchange: page.res.exchange,
          });
        }
      }
    }
  },
);
