// The surface of a published OpenAPI document (3.0 or 3.1), read with @readme/openapi-parser, which resolves every
// `$ref` (recursive schemas included) so that request schemas can be walked whole. The operations are those below
// the versioned base `/api/{vendor}/v2`, given either whole in `paths` or below a server whose URL ends with it.
import { dereference } from '@readme/openapi-parser';
import { isObject } from '../judges/json-walk.ts';
import type { ParamForm, Surface, SurfaceMethod, SurfaceOperation } from './model.ts';
import { readOnlyFields } from './read-only.ts';

interface MediaTypes {
  content?: Record<string, { schema?: unknown }>;
}
interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  example?: unknown;
  schema?: { format?: string; default?: unknown; enum?: unknown[]; example?: unknown; pattern?: unknown };
}
type Operation = {
  requestBody?: MediaTypes;
  responses?: Record<string, MediaTypes>;
  parameters?: Parameter[];
  security?: unknown;
};
interface Document {
  servers?: { url?: string }[];
  security?: unknown;
  paths?: Record<string, Record<string, unknown>>;
}

const methods: SurfaceMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The template below the v2 base of a document's path, or undefined for a path outside it. */
function templateOf(path: string, base: string, serverBased: boolean): string | undefined {
  if (path === base || path.startsWith(`${base}/`)) return path.slice(base.length) || '/';
  return serverBased ? path : undefined;
}

/** The version dates of an operation's versioned media types, oldest first. */
function generationsOf(op: Operation, vendor: string): string[] {
  const versioned = new RegExp(`^application/vnd\\.${vendor}\\.(\\d{4}-\\d{2}-\\d{2})\\+json$`);
  const types = [op.requestBody, ...Object.values(op.responses ?? {})].flatMap((m) => Object.keys(m?.content ?? {}));
  const dates = types.map((t) => versioned.exec(t)?.[1]).filter((d): d is string => d !== undefined);
  return [...new Set(dates)].sort();
}

/** The parameters of an operation in one place (`query`, `path`): its path's and its own. */
const parametersOf = (op: Operation, item: Record<string, unknown>, where: string): Parameter[] =>
  [...((item.parameters as Parameter[] | undefined) ?? []), ...(op.parameters ?? [])].filter((p) => p.in === where);

/** The form of each path parameter whose schema gives its values a pattern or a closed set of strings. */
function pathFormsOf(path: Parameter[]): Record<string, ParamForm> {
  const forms = path.flatMap((p) => {
    const { pattern, enum: values } = p.schema ?? {};
    const form: ParamForm = {
      ...(typeof pattern === 'string' ? { pattern } : {}),
      ...(Array.isArray(values) && values.every((v) => typeof v === 'string') ? { enum: values as string[] } : {}),
    };
    return p.name && Object.keys(form).length > 0 ? [[p.name, form] as const] : [];
  });
  return Object.fromEntries(forms);
}

const takesDate = (p: Parameter) => p.schema?.format === 'date-time' || p.schema?.format === 'date';

/** The names of the query parameters of an operation that take a date. */
const dateQueryOf = (query: Parameter[]): string[] => query.filter(takesDate).flatMap((p) => (p.name ? [p.name] : []));

/** A value the document gives for each query parameter the operation requires that takes no date: its default, else
 * its first allowed value, else its example; a parameter with none of them is left out. */
function requiredQueryOf(query: Parameter[]): Record<string, string> {
  const values = query
    .filter((p) => p.required && p.name && !takesDate(p))
    .map((p) => [p.name!, p.schema?.default ?? p.schema?.enum?.[0] ?? p.example ?? p.schema?.example] as const);
  return Object.fromEntries(
    values.filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v)).map(([n, v]) => [n, String(v)]),
  );
}

/** Whether a schema (dereferenced) is an object with a `results` array, itself or through the parts allOf joins;
 * undefined where it names no properties at all. */
function listSchema(schema: unknown): boolean | undefined {
  if (!isObject(schema)) return undefined;
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])].filter(isObject);
  const named = parts.map((p) => p.properties).filter(isObject);
  if (named.length === 0) return undefined;
  return named.some((p) => isObject(p.results) && p.results.type === 'array');
}

/** Whether a GET answers a paged list, as the schemas of its success answers (2xx, else default) show. */
function pagedOf(op: Operation): boolean | undefined {
  const codes = Object.keys(op.responses ?? {});
  const success = codes.filter((c) => /^2/.test(c));
  const said = (success.length > 0 ? success : codes.filter((c) => c === 'default'))
    .flatMap((c) => Object.values(op.responses![c]!.content ?? {}))
    .map((m) => listSchema(m.schema))
    .filter((v) => v !== undefined);
  return said.length === 0 ? undefined : said.some(Boolean);
}

/** Whether security requirements (an operation's, else the document's) ask for no credentials: none at all
 * (`security: []`), or an empty one among them (credentials optional). Requirements the document does not state
 * say nothing: a document that leaves them out is not read as one serving everything to anyone. */
const unauthenticatedBy = (security: unknown): boolean =>
  Array.isArray(security) &&
  (security.length === 0 || security.some((r) => isObject(r) && Object.keys(r).length === 0));

/** The surface a document (its parsed object, or a file path or URL the parser reads) describes. */
export async function surfaceFromDocument(document: object | string, vendor: string, source: string): Promise<Surface> {
  const doc = (await dereference(document as Parameters<typeof dereference>[0])) as Document;
  const base = `/api/${vendor}/v2`;
  const serverBased = (doc.servers ?? []).some((s) => (s.url ?? '').replace(/\/$/, '').endsWith(base));
  const operations: SurfaceOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const template = templateOf(path, base, serverBased);
    if (template === undefined) continue;
    for (const method of methods) {
      const op = item[method.toLowerCase()] as Operation | undefined;
      if (!op) continue;
      const schemas = Object.values(op.requestBody?.content ?? {}).map((m) => m.schema);
      const readOnly = new Map(schemas.flatMap(readOnlyFields).map((f) => [f.join('.'), f]));
      const query = parametersOf(op, item, 'query');
      const pathParams = pathFormsOf(parametersOf(op, item, 'path'));
      const dateQuery = dateQueryOf(query);
      const requiredQuery = requiredQueryOf(query);
      const paged = method === 'GET' ? pagedOf(op) : undefined;
      operations.push({
        template,
        method,
        generations: generationsOf(op, vendor),
        ...(schemas[0] === undefined ? {} : { requestSchema: schemas.at(-1) }),
        readOnly: [...readOnly.values()],
        ...(dateQuery.length > 0 ? { dateQuery } : {}),
        ...(Object.keys(requiredQuery).length > 0 ? { requiredQuery } : {}),
        ...(paged === undefined ? {} : { paged }),
        ...(Object.keys(pathParams).length > 0 ? { pathParams } : {}),
        ...(unauthenticatedBy(op.security ?? doc.security) ? { unauthenticated: true as const } : {}),
      });
    }
  }
  return { source, operations };
}
