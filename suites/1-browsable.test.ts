// Spec 1: "The API is browsable. Each entity carries links to related resources, so a client can start at the
// root resource and follow links."
import { RuleFailure } from '../src/outcome.ts';
import { crawl, entityGaps } from '../src/probes/crawl.ts';
import { throwCut } from '../src/harness/judge-all.ts';
import { profileProjects } from '../src/target/projects.ts';
import { check } from '../src/harness/check.ts';

check(
  'SVC-BROWSABLE',
  'from the root resource, following only links, the crawl reaches each profile project and a resource in it',
  async ({ target, tally }) => {
    const ids = profileProjects(target);
    const c = await crawl();
    const { responses } = c;
    tally.judged('profile project', ids.length);
    const served = responses.filter((c) => c.res.status === 200).map((c) => new URL(c.url).pathname);
    const unreached = ids.filter((id) => {
      const project = target.v2(`/groups/${id}`);
      return !served.includes(project) || !served.some((p) => p.startsWith(`${project}/`));
    });
    if (unreached.length > 0) {
      // A link the target's faults kept the crawl from may have led to what was not reached: then it is unjudged.
      throwCut(entityGaps(c));
      throw new RuleFailure(
        `following links from ${target.v2()} does not reach project(s) ${unreached.join(', ')} and the resources in them`,
        {
          expected: ids.map((id) => `${target.v2(`/groups/${id}`)} and a resource below it`),
          actual: `${responses.length} responses reached: ${served.slice(0, 20).join(', ')}${served.length > 20 ? ', ...' : ''}`,
          exchange: responses[0]?.res.exchange,
        },
      );
    }
  },
);
