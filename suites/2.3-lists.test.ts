// Spec 2.3: list responses.
import { expectStatus } from '../src/checks/status.ts';
import { RuleFailure } from '../src/outcome.ts';
import { check } from '../src/suite/rule.ts';
import { emptyProject, missingProjectId } from '../src/suite/projects.ts';

// "An empty result set returns status 200 with an empty results array, not 404."
check('LIST-EMPTY-200', 'the clusters of a project without clusters are 200 with empty results', async ({ target }) => {
  const res = await target.get(target.v2(`/groups/${emptyProject(target)}/clusters`));
  expectStatus(res, 200, 'an empty list in an existing project is served');
  const results = (res.json() as Record<string, unknown>)[target.profile.paging.resultsField];
  if (!Array.isArray(results) || results.length !== 0) {
    throw new RuleFailure('an empty list must carry an empty results array', {
      expected: [], actual: results, exchange: res.exchange,
    });
  }
});

// "A list requested in a context that does not exist (for example the hosts of a non-existent project) returns 404."
for (const resource of ['clusters', 'events']) {
  check('LIST-MISSING-CONTEXT-404', `the ${resource} of a project that does not exist are 404`, async ({ target }) => {
    const res = await target.get(target.v2(`/groups/${missingProjectId()}/${resource}`));
    expectStatus(res, 404, `a list under a missing project is not found`);
  });
}
