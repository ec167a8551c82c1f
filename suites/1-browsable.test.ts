// Spec 1: "The API is browsable. Each entity carries links to related resources, so a client can start at the
// root resource and follow links."
import { RuleFailure, TargetError } from '../src/outcome.ts';
import { judged } from '../src/suite/coverage.ts';
import { crawl, crawledPath, entityGaps, noneReached, type Crawl } from '../src/suite/crawl.ts';
import { throwCut } from '../src/suite/judge-all.ts';
import { profileProjects } from '../src/suite/projects.ts';
import { check } from '../src/suite/rule.ts';
import { catalogue, contextsOf, contextTitles } from '../src/suite/surface/lists.ts';
import { isProjectList, projectsReaching } from '../src/suite/surface/reach.ts';
import { target, type Target } from '../src/suite/target.ts';

check('SVC-BROWSABLE', 'from the root resource, following only links, the crawl reaches each profile project and a resource in it', async ({ target }) => {
  const ids = profileProjects(target);
  const c = await crawl();
  const { responses } = c;
  judged('profile project', ids.length);
  const served = responses.filter((c) => c.res.status === 200).map((c) => new URL(c.url).pathname);
  const unreached = ids.filter((id) => {
    const project = target.v2(`/groups/${id}`);
    return !served.includes(project) || !served.some((p) => p.startsWith(`${project}/`));
  });
  if (unreached.length > 0) {
    // A link the target's faults kept the crawl from may have led to what was not reached: then it is unjudged.
    throwCut(entityGaps(c));
    throw new RuleFailure(`following links from ${target.v2()} does not reach project(s) ${unreached.join(', ')} and the resources in them`, {
      expected: ids.map((id) => `${target.v2(`/groups/${id}`)} and a resource below it`),
      actual: `${responses.length} responses reached: ${served.slice(0, 20).join(', ')}${served.length > 20 ? ', ...' : ''}`,
      exchange: responses[0]?.res.exchange,
    });
  }
});

/** The paths below the v2 base links led the crawl to, whatever they answered (other rules judge the answers). */
const linkedPaths = (t: Target, c: Crawl) => c.responses.map((r) => crawledPath(r).slice(t.v2().length));

// Each kind of resource of the surface, one check each, so that the report says which kinds links led to and which
// they never did. A list of the project itself that links lead to in one profile project is related to every project
// alike: a project whose links do not lead to it breaks the rule. Lists inside another context (a cluster, a process)
// depend on what each project holds, so reaching them in one project is what is judged.
for (const l of catalogue(target().profile).filter((l) => contextsOf(l.template)[0] === 'groupId')) {
  const inside = contextsOf(l.template).slice(1).map((n) => contextTitles[n] ?? n).join(' and ');
  const title = isProjectList(l) ? `the ${l.title} of each profile project that any project's links lead to` : `the ${l.title} inside ${/^[aeiou]/.test(inside) ? 'an' : 'a'} ${inside} of a profile project`;
  check('SVC-BROWSABLE', `from the root resource, following only links, the crawl reaches ${title}`, async ({ target }) => {
    const ids = profileProjects(target);
    const c = await crawl();
    const reaching = projectsReaching(l, linkedPaths(target, c));
    if (!ids.some((id) => reaching.has(id))) noneReached(c, target, `link to the ${l.title}`);
    const unreached = ids.filter((id) => !reaching.has(id));
    judged('profile project', ids.length - unreached.length);
    if (!isProjectList(l) || unreached.length === 0) return;
    throwCut(entityGaps(c));
    if (c.responses.length >= target.profile.crawl.maxRequests) throw new TargetError('nothing-judged', `the crawl spent its ${target.profile.crawl.maxRequests} requests before it reached the ${l.title} of project(s) ${unreached.join(', ')}`);
    throw new RuleFailure(`following links from ${target.v2()} reaches the ${l.title} (${l.template}) of project(s) ${[...reaching].join(', ')} but not of ${unreached.join(', ')}`, {
      expected: ids.map((id) => l.template.replace('{groupId}', id)),
      actual: [...reaching].map((id) => l.template.replace('{groupId}', id)),
      exchange: c.responses.find((r) => crawledPath(r) === target.v2(`/groups/${unreached[0]}`))?.res.exchange,
    });
  });
}
