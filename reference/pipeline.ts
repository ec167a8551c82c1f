// The order in which every request is handled:
// API base (404) -> authentication (401) -> project rate limit (429, spec 8) -> access list (403)
// -> version of v2 requests (406/410, spec 9) -> route (404) and method (405, spec 4.1)
// -> request Content-Type (415) and JSON body (400) -> the route's handler.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestAddress, type Authenticator } from './auth/authenticate.ts';
import { refuseIfAppliedAnyway } from './authz.ts';
import { bracketed, type Generation, type RequestContext } from './context.ts';
import {
  ApiError,
  errorBody,
  invalidJson,
  methodNotAllowed,
  notFound,
  unexpectedError,
  unsupportedMediaType,
} from './errors.ts';
import type { Mutants } from './mutants.ts';
import type { ProjectRateLimiter, Settle } from './rate-limit.ts';
import { rateLimitedProject } from './rate-limit.ts';
import { linkHeader } from './links.ts';
import { entity, noContent, presentationOf, renderBody, renderReply, statusOf, type Reply } from './respond.ts';
import { allowedMethods, type Handler, type Method, type Route, type Router } from './router.ts';
import type { Store } from './store.ts';
import { vocabularyOf } from './vocabulary.ts';
import {
  checkRequestContentType,
  mediaTypeOf,
  resolveVersion,
  successContentType,
  versionHeaders,
  type UnlistedDates,
} from './versioning.ts';

export interface Services {
  vendor: string;
  store: Store;
  mutants: Mutants;
  authenticator: Authenticator;
  rateLimiter: ProjectRateLimiter;
  router: Router;
  unlistedDates: UnlistedDates;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const ERROR_CONTENT_TYPE = 'application/json';

/** Headers and content type decided along the way; errors keep the version headers (real-service fact).
 * The rate limiter is told the status of the request it admitted. */
interface ResponseHead {
  contentType: string;
  headers: Record<string, string | string[]>;
  settle?: Settle;
}

export function createDispatcher(services: Services) {
  // The reply is returned: Fastify then waits for it rather than sending again while an async onSend hook runs.
  return async function dispatch(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { path, query } = splitUrl(req.url);
    const head: ResponseHead = { contentType: ERROR_CONTENT_TYPE, headers: {} };
    let result: Reply;
    try {
      result = await handle(services, req, path, query, head);
    } catch (err) {
      const error = toApiError(err);
      // Mutant: a DELETE of an alert configuration that is not there is answered as done (204), as if deleting
      // were idempotent.
      const idempotent =
        req.method === 'DELETE' &&
        error.errorCode === 'RESOURCE_NOT_FOUND' &&
        /\/alertConfigs\/[^/]+$/.test(path) &&
        services.mutants.has('ERR-RESOURCE-NOT-FOUND:idempotent-delete');
      if (!idempotent) {
        head.settle?.(error.status);
        sendError(reply, services.mutants, error, query, head.headers);
        return reply;
      }
      result = noContent();
    }
    head.settle?.(statusOf(result));
    const headers = result.kind === 'entity' ? { ...head.headers, ...result.headers } : { ...head.headers };
    // Mutant: a list's links also go in a Link header.
    if (result.kind === 'list' && services.mutants.has('LINK-NOT-IN-HEADERS')) headers.Link = linkHeader(result.body);
    const presentation = presentationOf(query);
    // Mutant: under envelope=true a delete answers 200 with an envelope saying 200, not the 204 of a plain delete.
    if (
      result.kind === 'noContent' &&
      req.method === 'DELETE' &&
      presentation.envelope &&
      services.mutants.has('ENV-SINGLE-WRAP:delete')
    )
      result = entity({}, 200);
    const request = { method: req.method, legacy: apiLocation(path, services.vendor)?.generation === 'v1.0' };
    send(
      reply,
      services.mutants,
      statusOf(result),
      renderReply(result, presentation, services.mutants, request),
      head.contentType,
      headers,
    );
    return reply;
  };
}

async function handle(
  services: Services,
  req: FastifyRequest,
  path: string,
  query: URLSearchParams,
  head: ResponseHead,
): Promise<Reply> {
  const { vendor, router } = services;
  const location = apiLocation(path, vendor);
  if (!location) throw notFound(path);

  // Mutant: an unauthenticated DELETE of an encryption-at-rest private endpoint is looked up before authentication.
  const earEndpoint = /\/encryptionAtRest\/[^/]+\/privateEndpoints\/[^/]+$/.test(path);
  if (earEndpoint && req.method === 'DELETE' && !req.headers.authorization && services.mutants.has('DOC-401'))
    throw notFound(path);
  const caller = services.authenticator.authenticate({
    method: req.method,
    url: req.url,
    authorization: req.headers.authorization,
    legacy: location.generation === 'v1.0',
  });
  // Spec 8: every authenticated request to a project path counts, whatever its outcome.
  const project = rateLimitedProject(location.segments);
  // Mutants: a refusal that waits until the request is handled, so that its change is made all the same.
  let refusal: unknown;
  const mutants = services.mutants;
  // Mutant: a PATCH is not counted against the project's rate limit.
  const uncounted = req.method === 'PATCH' && mutants.has('LIMITS-COUNTS-EVERY-REQUEST:patch');
  try {
    if (project !== undefined && !uncounted)
      head.settle = await services.rateLimiter.admit(project, caller.record.name);
  } catch (err) {
    // Mutant: a create of an alert configuration over the limit is made, then answered 429.
    if (!(req.method === 'POST' && /\/alertConfigs$/.test(path) && mutants.has('LIMITS-429-AFTER-100:create-applied')))
      throw err;
    refusal = err;
  }
  // Mutant SVC-ACCESS-LIST: the access list is checked outside projects only.
  const listed = project === undefined || !mutants.has('SVC-ACCESS-LIST');
  // Mutant: a bearer token's POST skips its access list.
  const bearerPost =
    req.method === 'POST' &&
    /^Bearer /i.test(req.headers.authorization ?? '') &&
    mutants.has('SVC-ACCESS-LIST:bearer-post');
  if (listed && !bearerPost) {
    try {
      services.authenticator.checkAccessList(
        caller,
        requestAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], mutants),
        { legacy: location.generation === 'v1.0', inProject: project !== undefined },
      );
    } catch (err) {
      // Mutant: from outside the list, a legacy PATCH of an alert configuration is made, then refused.
      if (
        !(
          req.method === 'PATCH' &&
          location.generation === 'v1.0' &&
          /\/alertConfigs\/[^/]+$/.test(path) &&
          mutants.has('SVC-ACCESS-LIST:legacy-patch')
        )
      )
        throw err;
      refusal ??= err;
    }
  }

  const apiPath = `/${location.segments.join('/')}`;
  const version =
    location.generation === 'v2'
      ? resolveVersion(
          { accept: req.headers.accept, method: req.method, resource: path.slice(1), apiPath },
          vendor,
          services.unlistedDates,
          services.mutants,
        )
      : undefined;
  if (version) Object.assign(head.headers, versionHeaders(version, req.method, apiPath, services.mutants));
  // Mutant: the legacy generation's root resource is not served.
  if (location.generation === 'v1.0' && apiPath === '/' && services.mutants.has('VER-GENERATIONS'))
    throw notFound(path);

  const match = router.match(location.segments);
  if (!match) throw notFound(path);
  // Mutant: HEAD is not supported on single projects (405), although their GET is served.
  if (req.method === 'HEAD' && /^\/groups\/[^/]+$/.test(apiPath) && services.mutants.has('METH-HEAD:405'))
    throw unsupportedMethod(services.mutants, req.method, path, allowedMethods(match.route));
  // Mutant: HEAD of anything below a cluster is not found, though its GET is served.
  if (req.method === 'HEAD' && /\/clusters\/[^/]+\/./.test(apiPath) && services.mutants.has('METH-HEAD:below-cluster'))
    throw notFound(path);
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  let handler = Object.hasOwn(match.route.methods, method)
    ? match.route.methods[method as Method]
    : servedAnyway(services.mutants, match.route, method, apiPath, location.generation);
  // Mutant: a PUT of a custom database role is handled as a PATCH, then answered 405.
  if (
    !handler &&
    method === 'PUT' &&
    /\/customDBRoles\/roles\/[^/]+$/.test(apiPath) &&
    mutants.has('METH-405:role-put')
  ) {
    handler = match.route.methods.PATCH;
    refusal ??= unsupportedMethod(mutants, req.method, path, allowedMethods(match.route));
  }
  if (!handler) throw unsupportedMethod(services.mutants, req.method, path, allowedMethods(match.route));

  const vocabulary = vocabularyOf(vendor);
  const body = BODY_METHODS.has(method)
    ? vocabulary.fromClient(parseJsonBody(req, location.generation, vendor, services.mutants))
    : undefined;
  const origin = `https://${req.headers.host ?? `${bracketed(req.socket.localAddress ?? '')}:${req.socket.localPort}`}`;
  const ctx: RequestContext = {
    method,
    path,
    query,
    params: match.params,
    body,
    generation: location.generation,
    version,
    caller,
    store: services.store,
    mutants: services.mutants,
    vendor,
    origin,
    apiBase: `${origin}/api/${vendor}/${location.generation}`,
  };
  const handled = await handler(ctx);
  refuseIfAppliedAnyway(ctx);
  if (refusal) throw refusal;
  const result =
    handled.kind === 'noContent' ? handled : { ...handled, body: vocabulary.toClient(handled.body) as object };
  head.contentType = successContentType(location.generation, vendor, version, services.mutants);
  // Mutant: the versioned list of processes is labelled plain JSON, naming no version.
  if (
    location.generation === 'v2' &&
    result.kind === 'list' &&
    /\/processes$/.test(apiPath) &&
    services.mutants.has('VER-RESPONSE-NAMES-VERSION:processes')
  )
    head.contentType = 'application/json';
  // Mutant: an entity a PATCH changed comes back labelled plain JSON, naming no version.
  if (
    location.generation === 'v2' &&
    req.method === 'PATCH' &&
    result.kind !== 'noContent' &&
    services.mutants.has('VER-RESPONSE-NAMES-VERSION:patch')
  )
    head.contentType = 'application/json';
  // Mutant: the legacy generation labels the alert configurations as plain text.
  if (
    location.generation === 'v1.0' &&
    /\/alertConfigs(\/|$)/.test(apiPath) &&
    services.mutants.has('ENT-JSON-RESPONSE:legacy')
  )
    head.contentType = 'text/plain;charset=utf-8';
  // Mutant: HEAD of a list is labelled plain JSON, unlike GET's versioned media type.
  if (req.method === 'HEAD' && result.kind === 'list' && services.mutants.has('METH-HEAD'))
    head.contentType = 'application/json';
  return result;
}

/** Spec 4.1: an unsupported method on an existing resource is 405, with the Allow header. */
function unsupportedMethod(mutants: Mutants, method: string, path: string, allow: string[]): ApiError {
  // Mutant: a POST to a single alert configuration is looked up as a sub-resource and not found.
  const configPost =
    method === 'POST' && /\/alertConfigs\/[^/]+$/.test(path) && mutants.has('METH-405:alert-config-post');
  if (mutants.has('METH-405') || configPost) return notFound(path);
  const refusal = methodNotAllowed(method, path, allow);
  // Mutant: a 405 links to the resource it refused in a Link header.
  if (mutants.has('LINK-NOT-IN-HEADERS:405')) refusal.headers.Link = `<${path}>; rel="self"`;
  return refusal;
}

/** Mutants: a method the resource does not support is handled as another it does. */
function servedAnyway(
  mutants: Mutants,
  route: Route,
  method: string,
  apiPath: string,
  generation: Generation,
): Handler | undefined {
  // An event answers PUT as a GET.
  if (method === 'PUT' && /^\/groups\/[^/]+\/events\/[^/]+$/.test(apiPath) && mutants.has('METH-405:event-put'))
    return route.methods.GET;
  // Under /v1.0, a project answers PUT as a PATCH.
  if (
    method === 'PUT' &&
    generation === 'v1.0' &&
    /^\/groups\/[^/]+$/.test(apiPath) &&
    mutants.has('METH-405:legacy-project-put')
  )
    return route.methods.PATCH;
  return undefined;
}

export function splitUrl(url: string): { path: string; query: URLSearchParams } {
  const q = url.indexOf('?');
  return q < 0
    ? { path: url, query: new URLSearchParams() }
    : { path: url.slice(0, q), query: new URLSearchParams(url.slice(q + 1)) };
}

/** Spec 9.1: `/api/{vendor}/v2/...` or `/api/{vendor}/v1.0/...`, as decoded path segments after the base. */
function apiLocation(path: string, vendor: string): { generation: Generation; segments: string[] } | undefined {
  const prefix = `/api/${vendor}/`;
  if (!path.startsWith(prefix)) return undefined;
  const [generation, ...rest] = path.slice(prefix.length).split('/');
  if (generation !== 'v2' && generation !== 'v1.0') return undefined;
  if (rest.at(-1) === '') rest.pop();
  try {
    return { generation, segments: rest.map((s) => decodeURIComponent(s)) };
  } catch {
    return undefined;
  }
}

function parseJsonBody(req: FastifyRequest, generation: Generation, vendor: string, mutants: Mutants): unknown {
  // A POST that carries nothing (e.g. starting a sample data set load) has no Content-Type to check: no body.
  if (req.headers['content-type'] === undefined && (req.body === undefined || req.body === '')) return undefined;
  // Mutant: PUT takes application/json only, not the versioned media type (spec 9.2 allows both); in the ':role' one,
  // the custom database roles' writes only.
  const jsonOnly =
    (req.method === 'PUT' && mutants.has('VER-CONTENT-TYPE-BOTH')) ||
    (/\/customDBRoles\/roles(\/|$)/.test(req.url) && mutants.has('VER-CONTENT-TYPE-BOTH:role'));
  if (!readAsJsonAnyway(req, generation, mutants))
    checkRequestContentType(req.headers['content-type'], jsonOnly ? 'v1.0' : generation, vendor);
  const sent = typeof req.body === 'string' ? req.body : '';
  // Mutant: a lenient parser that drops a trailing comma before a closing brace or bracket; or so under /v1.0 only.
  const lenient =
    mutants.has('ERR-MALFORMED-400') || (generation === 'v1.0' && mutants.has('ERR-MALFORMED-400:legacy'));
  const text = lenient ? sent.replace(/,\s*([}\]])/g, '$1') : sent;
  try {
    return JSON.parse(text);
  } catch {
    // Mutant: a change (PATCH) of a custom database role whose body cannot be read is taken as an empty change.
    if (
      req.method === 'PATCH' &&
      /\/customDBRoles\/roles\/[^/?]+(\?|$)/.test(req.url) &&
      mutants.has('ERR-MALFORMED-400:role-patch')
    )
      return {};
    // Mutant: the versioned media type's parser gives up on a body it cannot read, and the request falls through to
    // the refusal of an unknown Content-Type.
    const type = mediaTypeOf(req.headers['content-type']);
    if (generation === 'v2' && mutants.has('VER-CONTENT-TYPE-BOTH:malformed') && type !== 'application/json')
      throw unsupportedMediaType(req.headers['content-type'] ?? '');
    // Mutant: the versioned media type's parser reports a body it cannot read as an entity it cannot process.
    if (generation === 'v2' && mutants.has('ERR-MALFORMED-400:versioned') && type !== 'application/json')
      throw new ApiError(422, 'INVALID_JSON', 'Received JSON does not match expected format.');
    throw invalidJson();
  }
}

/** Mutants: a body read as JSON whatever its Content-Type. */
function readAsJsonAnyway(req: FastifyRequest, generation: Generation, mutants: Mutants): boolean {
  // A PUT body.
  if (req.method === 'PUT' && mutants.has('ENT-CONTENT-TYPE-REQUIRED')) return true;
  // A change (PATCH) of a custom database role.
  if (
    req.method === 'PATCH' &&
    /\/customDBRoles\/roles\/[^/?]+(\?|$)/.test(req.url) &&
    mutants.has('ENT-CONTENT-TYPE-REQUIRED:role-patch')
  )
    return true;
  // Under /v1.0, a POST body labelled as plain text.
  const plainText = /^text\/plain\b/.test(req.headers['content-type'] ?? '');
  return (
    req.method === 'POST' && generation === 'v1.0' && plainText && mutants.has('ENT-CONTENT-TYPE-REQUIRED:legacy-text')
  );
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  console.error('reference target: unexpected error', err);
  return unexpectedError();
}

export function sendError(
  reply: FastifyReply,
  mutants: Mutants,
  err: ApiError,
  query: URLSearchParams,
  headers: Record<string, string | string[]> = {},
): void {
  // Mutant: a 429 without the error body; or only a 429 refusing a write.
  const write = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(reply.request.method);
  const bodyless =
    err.status === 429 &&
    (mutants.has('LIMITS-429-ERROR-BODY') || (write && mutants.has('LIMITS-429-ERROR-BODY:write')));
  const presentation = presentationOf(query);
  // Mutant: errors are never pretty-printed; or only malformed requests (400) are not.
  if (mutants.has('ENT-PRETTY') || (err.status === 400 && mutants.has('ENT-PRETTY:400'))) presentation.pretty = false;
  // Mutant: the legacy generation's errors are always pretty-printed.
  const legacy = /\/v1\.0(\/|$)/.test(splitUrl(reply.request.url).path);
  if (legacy && mutants.has('ENT-COMPACT-WHITESPACE:legacy-error')) presentation.pretty = true;
  // Mutant: a not-found error answering a write (a PUT, PATCH or DELETE of what is not there) names no path.
  const error =
    write && err.errorCode === 'RESOURCE_NOT_FOUND' && mutants.has('ERR-RESOURCE-NOT-FOUND:writes')
      ? new ApiError(err.status, err.errorCode, 'Cannot find resource.', [], err.headers)
      : err;
  const rendered = bodyless ? undefined : renderBody(entity(errorBody(error, mutants), err.status), presentation);
  // Mutant: the error body refusing a write (POST, PUT, PATCH, DELETE) ends with a newline.
  const body =
    rendered !== undefined && write && mutants.has('ENT-COMPACT-WHITESPACE:write-error') ? `${rendered}\n` : rendered;
  // Mutant: a 404 is labelled as plain text.
  const contentType =
    err.status === 404 && mutants.has('ENT-JSON-RESPONSE')
      ? 'text/plain; charset=utf-8'
      : // Mutant: the refusal of an Accept that names no version is labelled as an HTML page.
        err.status === 406 && mutants.has('ENT-JSON-RESPONSE:406')
        ? 'text/html; charset=utf-8'
        : ERROR_CONTENT_TYPE;
  send(reply, mutants, err.status, body, contentType, { ...headers, ...err.headers, 'X-Error-Code': err.errorCode });
}

function send(
  reply: FastifyReply,
  mutants: Mutants,
  status: number,
  body: string | undefined,
  contentType: string,
  headers: Record<string, string | string[]>,
): void {
  reply.code(status).headers(headers);
  // Mutant: HEAD of an event writes its body onto the connection after the answer (Node itself drops a HEAD's body);
  // or HEAD of anything under /v1.0.
  const url = reply.request.url;
  if (
    body !== undefined &&
    reply.request.method === 'HEAD' &&
    ((/\/events\/[^/?]+(\?|$)/.test(url) && mutants.has('METH-HEAD:raw-body')) ||
      (/\/v1\.0\//.test(url) && mutants.has('METH-HEAD:legacy-raw-body')))
  ) {
    const socket = reply.raw.socket;
    reply.raw.once('finish', () => socket?.write(body));
  }
  if (body === undefined) {
    reply.send();
    return;
  }
  // A Buffer keeps the Content-Type exactly as given (Fastify adds a charset to strings).
  reply.header('Content-Type', contentType).send(Buffer.from(body, 'utf8'));
}
