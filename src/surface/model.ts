// The target's surface as one model (spec 4.1: "Each resource supports only a subset of the methods"): every operation,
// a path template below the v2 base with a method, the version dates that serve it, the fields of its request body that
// cannot be modified, the query parameters that take a date, a value for each other query parameter it requires,
// whether a GET answers a paged list, and whether it is served without credentials. Read from the target's published
// OpenAPI document (openapi.ts), or made from the profile (from-profile.ts).

export type SurfaceMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A field of a body by its property names, outermost first; an array's items stand at their array's name. */
export type FieldPath = string[];

/** The form the document gives a path parameter's values: a pattern they match, or the closed set they come from. */
export interface ParamForm {
  pattern?: string;
  enum?: string[];
}

export interface SurfaceOperation {
  /** Below the v2 base, a `{param}` for each path parameter: `/groups/{groupId}/clusters`. */
  template: string;
  method: SurfaceMethod;
  /** The version dates of the versioned media types it takes or answers, oldest first; empty when none is named. */
  generations: string[];
  /** The JSON Schema of its request body, dereferenced; absent for an operation without one. */
  requestSchema?: unknown;
  /** Fields of its request body that cannot be modified. */
  readOnly: FieldPath[];
  /** Its query parameters that take a date (`format` date or date-time), as the document names them; absent where
   * the surface names none (one made from the profile). */
  dateQuery?: string[];
  /** A value for each query parameter it requires that takes no date (`granularity=PT1M`), as the document gives
   * one; absent where it requires none, or the surface is made from the profile. */
  requiredQuery?: Record<string, string>;
  /** For a GET, whether it answers a paged list (an object with a `results` array), as the document's schema of its
   * answer shows; absent where the surface does not say (one made from the profile, or an answer without a schema). */
  paged?: boolean;
  /** The form of each path parameter whose values the document constrains; absent where it constrains none. */
  pathParams?: Record<string, ParamForm>;
  /** Served without credentials, as the document says (its security requirements for it are none, or optional). */
  unauthenticated?: true;
}

export interface Surface {
  /** Where it comes from: the document's location, or `profile`. */
  source: string;
  operations: SurfaceOperation[];
}

/** What the document the profile names (`surface.openapi`) gave: the surface it describes, or why it was not read. */
export type DocumentReading = Surface | { unread: string };

/** A template with its parameters' names dropped, so that `/a/{id}` and `/a/{name}` are the same path. */
export const shapeOf = (template: string): string => template.replace(/\{[^}]+\}/g, '{}');

/** The operations of the surface at a template (parameter names aside). */
export const operationsAt = (s: Surface, template: string): SurfaceOperation[] =>
  s.operations.filter((o) => shapeOf(o.template) === shapeOf(template));

/** The methods the surface serves at a template; HEAD wherever GET is. */
export const methodsAt = (s: Surface, template: string): SurfaceMethod[] => methodsOf(operationsAt(s, template));

/** The methods of the operations at one template; HEAD wherever GET is. */
export function methodsOf(ops: readonly SurfaceOperation[]): SurfaceMethod[] {
  const methods = ops.map((o) => o.method);
  return methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;
}

/** The unmodifiable fields of the operation `method template`; none where the surface has no such operation. */
export const readOnlyAt = (s: Surface, template: string, method: SurfaceMethod): FieldPath[] =>
  operationsAt(s, template).find((o) => o.method === method)?.readOnly ?? [];

/** The earlier bound's name of a window of dates: minDate, start, fromDate, since, after. */
const earlierBound = /^(min|start|from|since|after|begin)/i;

/** The two query parameters that bound a window of dates in the GET at a template, the earlier first, where the
 * surface names exactly two; else `fallback` (the real service's names). */
export function dateBoundsAt(
  s: Surface,
  template: string,
  fallback: readonly [string, string],
): readonly [string, string] {
  const names = operationsAt(s, template).find((o) => o.method === 'GET')?.dateQuery ?? [];
  if (names.length !== 2) return fallback;
  const [a, b] = names as [string, string];
  return earlierBound.test(b) && !earlierBound.test(a) ? [b, a] : [a, b];
}
