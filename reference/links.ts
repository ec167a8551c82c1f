// Links (spec 2.2): every entity carries `self`; outside a list it also carries related resources.
import { href, type RequestContext } from './context.ts';

export interface Link { href: string; rel: string }

/** Links of an entity at `selfPath` (a path under the API base). List elements carry only `self`. */
export function entityLinks(ctx: RequestContext, selfPath: string, related: [rel: string, path: string][], inList: boolean): Link[] {
  const self = { href: href(ctx, selfPath), rel: 'self' };
  return inList ? [self] : [self, ...related.map(([rel, path]) => ({ href: href(ctx, path), rel }))];
}

/** Entities of an element-of-list or single-entity response: one view function for both. */
export type View<T> = (item: T, inList: boolean) => object;

/** An RFC 8288 Link header holding the links of a body (spec 2.2 keeps links out of headers: only a mutant uses it). */
export function linkHeader(body: object): string {
  const links = (body as { links?: Link[] }).links ?? [];
  return links.map((l) => `<${l.href}>; rel="${l.rel}"`).join(', ');
}
