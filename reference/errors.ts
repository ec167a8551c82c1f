// Errors (spec 7): one class thrown anywhere in a request, one body builder.
import { STATUS_CODES } from 'node:http';
import type { Mutants } from './mutants.ts';

export type Headers = Record<string, string | string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly detail: string,
    /** null leaves the field out of the body (only a mutant does). */
    readonly parameters: unknown[] | null = [],
    readonly headers: Headers = {},
  ) {
    super(detail);
  }
}

/** Spec 7.1: the body of every error response, with its five fields. */
export function errorBody(err: ApiError, mutants: Mutants): Record<string, unknown> {
  const body: Record<string, unknown> = {
    detail: err.detail,
    error: mutants.has('ERR-STATUS-MATCH') ? err.status + 1 : err.status,
    errorCode: err.errorCode,
    parameters: notFoundParameters(err, mutants),
    reason: mutants.has('ERR-REASON-TEXT') ? 'Error' : (STATUS_CODES[err.status] ?? 'Error'),
  };
  // Like the real service's digest challenge: an empty parameters array is left out.
  if (body.parameters === null || (mutants.has('ERR-BODY-FIELDS') && (body.parameters as unknown[]).length === 0))
    delete body.parameters;
  return body;
}

function notFoundParameters(err: ApiError, mutants: Mutants): unknown[] | null {
  const dropPath = err.errorCode === 'RESOURCE_NOT_FOUND' && mutants.has('ERR-RESOURCE-NOT-FOUND');
  return dropPath ? [] : err.parameters;
}

// --- the errors the target raises, by status ---

export const notFound = (path: string, parameters: unknown[] | null = [path]) =>
  new ApiError(404, 'RESOURCE_NOT_FOUND', `Cannot find resource ${path}.`, parameters);

export const invalidJson = () => new ApiError(400, 'INVALID_JSON', 'Received JSON does not match expected format.');

export const invalidAttribute = (path: string) =>
  new ApiError(400, 'INVALID_ATTRIBUTE', `Invalid attribute ${path} specified.`, [path]);

export const invalidJsonAttribute = (path: string) =>
  new ApiError(
    400,
    'INVALID_JSON_ATTRIBUTE',
    `Received JSON for the ${path} attribute does not match expected format.`,
    [path],
  );

export const attributeReadOnly = (path: string) =>
  new ApiError(400, 'ATTRIBUTE_READ_ONLY', `Attribute ${path} is read-only and cannot be modified.`, [path]);

export const missingAttribute = (path: string) =>
  new ApiError(400, 'MISSING_ATTRIBUTE', `The required attribute ${path} was not specified.`, [path]);

export const invalidQueryParameter = (name: string) =>
  new ApiError(400, 'INVALID_QUERY_PARAMETER', `Invalid query parameter ${name} specified.`, [name]);

export const missingQueryParameter = (name: string) =>
  new ApiError(400, 'MISSING_QUERY_PARAMETER', `The required query parameter ${name} was not specified.`, [name]);

export const unauthorized = (challenges: string[]) =>
  new ApiError(401, 'UNEXPECTED_ERROR', 'You are not authorized for this resource.', [], {
    'WWW-Authenticate': challenges,
  });

export const userUnauthorized = () =>
  new ApiError(403, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.');

export const ipNotOnAccessList = (ip: string) =>
  new ApiError(403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', `IP address ${ip} is not allowed to access this resource.`, [ip]);

export const methodNotAllowed = (method: string, path: string, allow: string[]) =>
  new ApiError(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed for resource ${path}.`, [method, path], {
    Allow: allow.join(', '),
  });

export const invalidVersionDate = () =>
  new ApiError(406, 'INVALID_VERSION_DATE', 'Invalid accept header or version date.');

export const conflict = (errorCode: string, detail: string, parameters: unknown[] | null) =>
  new ApiError(409, errorCode, detail, parameters);

export const versionGone = (version: string, resource: string) =>
  new ApiError(410, 'VERSION_GONE', `Version ${version} of ${resource} is no longer available.`, [version, resource]);

export const unsupportedMediaType = (contentType: string) =>
  new ApiError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `Content type ${contentType || '(none)'} is not supported; send application/json.`,
    [contentType],
  );

export const rateLimited = (groupId: string, limit: number, windowSeconds: number, retryAfterSeconds: number) =>
  new ApiError(
    429,
    'RATE_LIMITED',
    `Resource group ${groupId} is limited to ${limit} requests every ${windowSeconds} seconds. Please retry after ${retryAfterSeconds} seconds.`,
    [groupId, limit, windowSeconds],
    { 'Retry-After': String(retryAfterSeconds) },
  );

export const unexpectedError = () => new ApiError(500, 'UNEXPECTED_ERROR', 'Unexpected error.');

/** The item, or a 404 for the requested path when there is none. */
export function orNotFound<T>(item: T | undefined, path: string): T {
  if (item === undefined) throw notFound(path);
  return item;
}
