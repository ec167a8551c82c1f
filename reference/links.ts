// Links (spec 2.2): every entity carries `self`; outside a list it also carries related resources.
import { href, type RequestContext } from './context.ts';

export interface Link {
  href: string;
  rel: string;
}

/** Links of an entity at `selfPath` (a path under the API base). List elements carry only `self`. */
export function entityLinks(
  ctx: RequestContext,
  selfPath: string,
  related: [rel: string, path: string][],
  inList: boolean,
): Link[] {
  const self = { href: selfHref(ctx, selfPath, inList), rel: 'self' };
  return inList ? [self] : [self, ...related.map(([rel, path]) => ({ href: href(ctx, path), rel }))];
}

/** The URL of an entity's own path. */
function selfHref(ctx: RequestContext, selfPath: string, inList: boolean): string {
  // Mutant: a single alert configuration names itself over plain http.
  if (!inList && /\/alertConfigs\/[^/]+$/.test(selfPath) && ctx.mutants.has('LINK-SELF:plain-http'))
    return href(ctx, selfPath).replace(/^https:/, 'http:');
  // Mutant: a single event names itself under the legacy base, not the generation it was read from.
  if (!inList && /\/events\/[^/]+$/.test(selfPath) && ctx.mutants.has('LINK-SELF:legacy-base'))
    return href(ctx, selfPath).replace(/\/v2\//, '/v1.0/');
  return href(ctx, selfPath);
}

/** Entities of an element-of-list or single-entity response: one view function for both. */
export type View<T> = (item: T, inList: boolean) => object;

/** An RFC 8288 Link header holding the links of a body (spec 2.2 keeps links out of headers: only a mutant uses it). */
export function linkHeader(body: object): string {
  const links = (body as { links?: Link[] }).links ?? [];
  return links.map((l) => `<${l.href}>; rel="${l.rel}"`).join(', ');
}
