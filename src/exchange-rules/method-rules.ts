// Spec 4.1: "Each resource supports only a subset of the methods. An unsupported method returns 405.": every /v2
// answer of the run to a method its path lacks, as the target's surface says (its OpenAPI document, else the profile's
// `surface.methods`; HEAD wherever GET is). A 2xx is the method served as another, which breaks the rule; a 405 holds
// it. Any other answer may come before the method is looked at (a caller refused, a context missing, a version or a
// body refused), which one answer does not tell apart: the planned checks, sent where everything else is right,
// judge those.
import { describeExchange } from '../judges/status.ts';
import type { SurfaceMethod } from '../surface/model.ts';
import { pathBelowBase, type Answer } from './answer.ts';
import type { ExchangeContext } from './context.ts';
import { broken, held, leftUnjudged, notJudged, type ExchangeRule, type Verdict } from './rule.ts';

const methods: readonly SurfaceMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

function unsupportedRefused(ctx: ExchangeContext, a: Answer): Verdict {
  if (a.generation !== 'v2') return notJudged('not the versioned API');
  if (!(methods as readonly string[]).includes(a.method)) return notJudged(`a ${a.method}, which no rule of 4.1 names`);
  const at = ctx.surface.methodsServedAt(pathBelowBase(ctx, a));
  if (!at) return notJudged('a path the surface does not describe');
  if (at.methods.includes(a.method as SurfaceMethod)) return notJudged('a method its path supports');
  if (ctx.documentUnread)
    return leftUnjudged("the target's document, which may give the path more methods, was not read");
  if (a.res.status === 405) return held;
  if (a.res.status >= 300) return notJudged(`a ${a.res.status}, which may come before the method is looked at`);
  return broken(
    `${describeExchange(a.res)}: ${a.method}, which ${at.template} does not support (${ctx.surface.source}), is served`,
    405,
    a.res.status,
  );
}

export const methodRules: ExchangeRule[] = [
  {
    rule: 'METH-405',
    title:
      "no /v2 answer of the run to a method its path does not support (as the target's document, else the profile, says) is a 2xx",
    appliesTo: { statuses: ['2xx', '4xx'], tooManyRequests: false, body: 'any' },
    judge: unsupportedRefused,
  },
];
