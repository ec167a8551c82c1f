// Path templates below the v2 base (`/groups/{groupId}/clusters`): where a concrete path is an instance of one.
import { decodeSegment } from '../target/scope.ts';

/** The parameters of a template, outermost first: the contexts a list lives in. */
export const contextsOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const patterns = new Map<string, RegExp>();

/** The pattern of a template's instances, made once per template. */
function patternOf(template: string): RegExp {
  const known = patterns.get(template);
  if (known) return known;
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\}/g, '([^/]+)')}$`);
  patterns.set(template, pattern);
  return pattern;
}

/** Where `path` is an instance of `template` (each `{param}` one segment): the parameters' values, decoded (a value
 * that is not valid percent-encoding, from a target's link, as it is), else undefined. */
export function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const m = patternOf(template).exec(path);
  return m ? Object.fromEntries(contextsOf(template).map((n, i) => [n, decodeSegment(m[i + 1]!)])) : undefined;
}

/** Of `items`, those whose template `path` fills, the most literal first (the fewest parameters: the path's own). */
export function instancesOf<T extends { template: string }>(items: readonly T[], path: string): T[] {
  const params = (template: string) => template.match(/\{/g)?.length ?? 0;
  return items
    .filter((i) => matchTemplate(i.template, path) !== undefined)
    .sort((a, b) => params(a.template) - params(b.template));
}
