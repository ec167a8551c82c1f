// The reference target's own OpenAPI 3.0 document, made from its routes, as the real service publishes one of its
// surface: every route under `/api/{vendor}/v2` with its methods, the versioned media types each operation serves
// (versioning.ts), the query parameters that take a date where a route names them, and, where a route declares the
// shape it validates a body against, that body's schema with its read-only fields marked, and the paged list a GET
// answers where it serves one.
import type { Method, Route } from './router.ts';
import type { Field } from './validate.ts';
import { operationVersions } from './versioning.ts';

type Schema = Record<string, unknown>;

/** The JSON Schema of a field, as validate.ts reads it. */
function schemaOf(field: Field): Schema {
  const readOnly = field.readOnly ? { readOnly: true } : {};
  switch (field.type) {
    case 'string':
      return {
        type: 'string',
        ...(field.enum ? { enum: [...field.enum] } : {}),
        ...(field.pattern ? { pattern: field.pattern.source } : {}),
        ...(field.maxLength === undefined ? {} : { maxLength: field.maxLength }),
        ...readOnly,
      };
    case 'integer':
      return {
        type: 'integer',
        ...(field.min === undefined ? {} : { minimum: field.min }),
        ...(field.max === undefined ? {} : { maximum: field.max }),
        ...readOnly,
      };
    case 'number':
      return { type: 'number', ...(field.min === undefined ? {} : { minimum: field.min }), ...readOnly };
    case 'boolean':
      return { type: 'boolean', ...readOnly };
    case 'date':
      return { type: 'string', format: 'date-time', ...readOnly };
    case 'array':
      return { type: 'array', items: schemaOf(field.items), ...readOnly };
    case 'map':
      return { type: 'object', additionalProperties: schemaOf(field.values), ...readOnly };
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(Object.entries(field.fields).map(([name, f]) => [name, schemaOf(f)])),
        ...(field.required?.length ? { required: [...field.required] } : {}),
        additionalProperties: false,
        ...readOnly,
      };
  }
}

/** The answer of a GET that serves a paged list (spec 2.3). */
const pagedList: Schema = {
  type: 'object',
  properties: {
    links: { type: 'array', items: { type: 'object' } },
    results: { type: 'array', items: { type: 'object' } },
    totalCount: { type: 'integer' },
  },
};

const content = (vendor: string, versions: string[], schema: Schema) =>
  Object.fromEntries(versions.map((v) => [`application/vnd.${vendor}.${v}+json`, { schema }]));

function operation(route: Route, method: Method, vendor: string) {
  const versions = operationVersions(method, route.path);
  const body = route.bodies?.[method];
  const parameters = [
    ...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...(method === 'GET' ? (route.dateQuery ?? []) : []).map((name) => ({
      name,
      in: 'query',
      required: false,
      schema: { type: 'string', format: 'date-time' },
    })),
  ];
  return {
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: content(vendor, versions, schemaOf(body)) } } : {}),
    responses: {
      default: {
        description: 'The answer.',
        content: content(vendor, versions, method === 'GET' && route.list ? pagedList : { type: 'object' }),
      },
    },
  };
}

export function openApiDocument(routes: Route[], vendor: string): Schema {
  const paths = Object.fromEntries(
    routes.map((route) => [
      `/api/${vendor}/v2${route.path === '/' ? '' : route.path}`,
      Object.fromEntries(
        (Object.keys(route.methods) as Method[]).map((m) => [m.toLowerCase(), operation(route, m, vendor)]),
      ),
    ]),
  );
  return { openapi: '3.0.3', info: { title: `${vendor} reference target`, version: '2.0' }, paths };
}
