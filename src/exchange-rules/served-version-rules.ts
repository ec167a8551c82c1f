// Spec 9.2, a version of the resource is served, and 9.3, "A deprecated version stays supported for at least twelve
// months": no /v2 request of the run whose Accept names a version its operation serves (as the target's document says,
// else the profile for the GET paths it versions) is refused for its version. Such a refusal is a 406 (Not
// Acceptable: the answer to what Accept asked) or a 410 (Gone: the real service's answer to a version deleted); any
// other answer is the resource's own (a 404 of a missing entity, a 400 of a body), which served the version. Spec 3,
// "Each resource in the versioned API changes version independently of the others": an answer asking its operation's
// current version, while another resource has a newer one, is not marked deprecated.
import { describeExchange } from '../judges/status.ts';
import { matchTemplate } from '../probes/path-template.ts';
import { deprecatedOf } from '../profile/deprecated-versions.ts';
import { pathBelowBase, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { broken, held, notJudged, type ExchangeRule } from './rule.ts';
import { versionAsked } from './version-rules.ts';

/** The versions the operation of a /v2 answer serves, and who says so: the target's document (its operation at the
 * most literal template the path fills; a HEAD's is its GET's), else the profile, which versions GET paths
 * (versions.resources) and so says nothing of other methods or of the entries below a list. */
function servedAt(ctx: ExchangeContext, a: Answer): { versions: readonly string[]; by: string } | undefined {
  const path = pathBelowBase(ctx, a);
  const method = a.method === 'HEAD' ? 'GET' : a.method;
  const op = ctx.surface.operationAt(method, path);
  if (op && op.generations.length > 0)
    return { versions: op.generations, by: `the document's ${method} ${op.template}` };
  const listed = method === 'GET' ? ctx.versionedResources.find((r) => matchTemplate(r.template, path)) : undefined;
  return listed && { versions: listed.versions, by: `the profile's ${listed.template}` };
}

/** The rule that no /v2 answer asking a version its operation serves, deprecated (`deprecated`) or not, is refused
 * for its version (406 or 410). */
const servedVersionKept = (rule: string, title: string, deprecated: boolean): ExchangeRule => ({
  rule,
  title,
  appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'any' },
  judge: (ctx, a) => {
    const asked = versionAsked(ctx, a);
    if (typeof asked !== 'string') return asked;
    const served = servedAt(ctx, a);
    if (!served) return notJudged('an operation whose versions neither the document nor the profile names');
    if (!served.versions.includes(asked) || ctx.deletedVersions.includes(asked))
      return notJudged('a version its operation does not serve');
    const old = deprecatedOf({ deprecated: ctx.deprecatedVersions, deleted: ctx.deletedVersions }, served.versions);
    if (old.includes(asked) !== deprecated)
      return notJudged(deprecated ? 'not a deprecated version' : 'a deprecated version (VER-DEPRECATED-USABLE)');
    if (a.res.status === 401 || a.res.status === 403)
      return notJudged(`a ${a.res.status}, which refuses the caller whatever the version`);
    if (a.res.status !== 406 && a.res.status !== 410) return held;
    return broken(
      `${describeExchange(a.res)}: a ${a.method} asking ${asked}, ${deprecated ? 'a deprecated' : 'a'} version ${served.by} serves, is refused for its version`,
      'served in that version (not 406 or 410)',
      a.res.status,
    );
  },
});

/** Spec 3, 9.3: "Each resource in the versioned API changes version independently of the others": a 2xx answer asking
 * its operation's current version, which a newer version of another resource does not deprecate, is not marked
 * deprecated (versions.deprecationHeader). */
const independentRule: ExchangeRule = {
  rule: 'VER-INDEPENDENT',
  title:
    "no 2xx answer of the run, of any method, to a /v2 request asking its operation's current version (as the document, else the profile, says), while another resource has a newer one, is marked deprecated",
  appliesTo: { statuses: ['2xx'], tooManyRequests: false, body: 'any' },
  judge: (ctx, a) => {
    if (!ctx.deprecationHeader) return notJudged('the profile says the target marks no deprecated version');
    const asked = versionAsked(ctx, a);
    if (typeof asked !== 'string') return asked;
    const served = servedAt(ctx, a);
    if (!served) return notJudged('an operation whose versions neither the document nor the profile names');
    const current = [...served.versions].sort().at(-1);
    if (asked !== current || ctx.deprecatedVersions.includes(asked))
      return notJudged("not its operation's current version");
    if (asked === ctx.newestVersion) return notJudged('the newest version of every resource');
    const marked = a.res.header(ctx.deprecationHeader);
    if (marked === undefined) return held;
    return broken(
      `${describeExchange(a.res)}: ${asked}, the current version ${served.by} serves, is marked deprecated (${ctx.deprecationHeader}: ${marked}) though only other resources have newer versions`,
      `no ${ctx.deprecationHeader} header`,
      `${ctx.deprecationHeader}: ${marked}`,
    );
  },
};

export const servedVersionRules: ExchangeRule[] = [
  servedVersionKept(
    'VER-ACCEPT-SERVED',
    'no /v2 request of the run, of any method, whose Accept names a version its operation serves (as the document, else the profile, says; deprecated ones aside) is refused for its version (406 or 410)',
    false,
  ),
  servedVersionKept(
    'VER-DEPRECATED-USABLE',
    'no /v2 request of the run, of any method, whose Accept names a deprecated version its operation serves (as the document, else the profile, says) is refused for its version (406 or 410)',
    true,
  ),
  independentRule,
];
