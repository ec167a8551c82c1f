// Spec 2.2: "Every entity has a links field: an array of link relation objects. Each object has two fields: the
// relation name (or type), and the target URL." Their names come from the profile (spec: not shown).
import type { Profile } from '../profile/profile.ts';
import { isObject } from './json-walk.ts';

type Names = Profile['links'];

export interface Relation {
  rel: string;
  href: string;
}

/** What is wrong with an entity's links field, or undefined (LINK-ARRAY). */
export function linksProblem(entity: Record<string, unknown>, names: Names, base: string): string | undefined {
  const links = entity.links;
  if (!Array.isArray(links))
    return links === undefined ? 'it has no links field' : `its links field is ${JSON.stringify(links)}, not an array`;
  for (const [i, link] of links.entries()) {
    if (!isObject(link)) return `links[${i}] is ${JSON.stringify(link)}, not a relation object`;
    const rel = link[names.relField];
    const href = link[names.hrefField];
    if (typeof rel !== 'string' || rel === '')
      return `links[${i}] has no relation name (${names.relField}): ${JSON.stringify(link)}`;
    if (typeof href !== 'string' || href === '' || !URL.canParse(href, base))
      return `links[${i}] has no target URL (${names.hrefField}): ${JSON.stringify(link)}`;
  }
  return undefined;
}

/** The well-formed relations of an entity's links field. */
export function relationsOf(entity: Record<string, unknown>, names: Names): Relation[] {
  const links = Array.isArray(entity.links) ? entity.links : [];
  return links
    .filter(isObject)
    .map((l) => ({ rel: l[names.relField], href: l[names.hrefField] }))
    .filter((r): r is Relation => typeof r.rel === 'string' && typeof r.href === 'string');
}

/** The relations of a list item other than one `self` (LINK-LIST-ITEM-SELF-ONLY); undefined when it has no links array. */
export function relationsBesidesSelf(item: Record<string, unknown>, names: Names): string[] | undefined {
  if (!Array.isArray(item.links)) return undefined;
  const rels = item.links.map((l) => (isObject(l) ? l[names.relField] : l));
  const selfAt = rels.indexOf('self');
  return rels.filter((_, i) => i !== selfAt).map((r) => JSON.stringify(r));
}

/** How a self target lies outside the API at `apiBase` of the target at `baseUrl` (LINK-SELF): a path outside the
 * API, or plain HTTP where the target is reached over HTTPS (spec 1: plain HTTP is not served). The host is not
 * judged, nor HTTPS where the profile reaches the target in the clear: a target behind a proxy writes its public
 * address. */
export function selfOutside(self: URL, baseUrl: string, apiBase: string): string | undefined {
  const base = new URL(baseUrl);
  if (self.protocol !== base.protocol && self.protocol !== 'https:')
    return `a ${self.protocol.slice(0, -1)} URL, not ${base.protocol.slice(0, -1)}`;
  if (self.pathname !== apiBase && !self.pathname.startsWith(`${apiBase}/`)) return `a path outside ${apiBase}`;
  return undefined;
}

/** Where the suite reads a self target: its path and query, which name the entity, at the profile's base URL. */
export function selfAtTarget(self: URL, baseUrl: string): string {
  return new URL(`${self.pathname}${self.search}`, baseUrl).toString();
}
