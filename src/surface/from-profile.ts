// The surface the profile gives where the target publishes no document: `surface.methods`, the methods of each path
// template, and `surface.readOnly`, the unmodifiable fields of each resource, which hold for a create in its
// collection and for a PUT or PATCH of one of its entries.
import type { Profile } from '../profile/profile.ts';
import { shapeOf, type Surface, type SurfaceMethod } from './model.ts';

/** The collection an entry's template belongs to (the template without its last parameter), or undefined. */
const collectionOf = (template: string): string | undefined =>
  /\/\{[^}]+\}$/.test(template) ? template.replace(/\/\{[^}]+\}$/, '') : undefined;

export function surfaceFromProfile(p: Profile): Surface {
  const readOnly = new Map(
    Object.entries(p.surface.readOnly).map(([collection, fields]) => [
      shapeOf(collection),
      fields.map((f) => f.split('.')),
    ]),
  );
  const resourceOf = (template: string, method: SurfaceMethod) =>
    method === 'POST' ? template : method === 'PUT' || method === 'PATCH' ? collectionOf(template) : undefined;
  return {
    source: 'profile',
    operations: Object.entries(p.surface.methods).flatMap(([template, methods]) =>
      (methods as SurfaceMethod[]).map((method) => {
        const resource = resourceOf(template, method);
        return {
          template,
          method,
          generations: [],
          readOnly: (resource && readOnly.get(shapeOf(resource))) || [],
        };
      }),
    ),
  };
}
