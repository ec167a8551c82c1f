// One exchange of the run as the exchange rules read it: what was asked (method, generation, pretty, envelope)
// and what came back (status, body parsed once), and the entities or the error body it carries.
import { generations, type Generation } from '../generation.ts';
import { HttpResponse } from '../http/messages.ts';
import { entitiesOf, type Carried } from '../judges/entities.ts';
import { hasEnvelopeFields, isStatusCode } from '../judges/envelope.ts';
import { isObject, type JsonObject } from '../judges/json-walk.ts';
import { namedVersion, versionedMediaType } from '../judges/versioned-media.ts';
import type { ExchangeContext } from './context.ts';

export interface Answer {
  res: HttpResponse;
  method: string;
  url: URL;
  /** The API generation the request went to; undefined outside the API (a token endpoint, plain HTTP). */
  generation?: Generation;
  /** Whether the request asked for pretty=true, envelope=true (spec 2.1, 2.4). */
  pretty: boolean;
  envelope: boolean;
  /** A HEAD answer has no body, whatever bytes came (spec 4.1). */
  hasBody: boolean;
  /** The body parsed as JSON; undefined when there is none or it is not JSON. */
  body: unknown;
}

/** The path of an answer's request below its generation's base (`/groups/p1/clusters`), or '' outside the API. */
export const pathBelowBase = (ctx: ExchangeContext, a: Answer): string =>
  a.generation ? a.url.pathname.slice(apiBase(ctx, a.generation).length) : '';

/** The base path of a generation of the API: `/api/{vendor}/v2`. */
export function apiBase(ctx: ExchangeContext, generation: Generation): string {
  return `${new URL(ctx.baseUrl).pathname.replace(/\/$/, '')}/api/${ctx.vendor}/${generation}`;
}

function generationOf(ctx: ExchangeContext, url: URL): Generation | undefined {
  if (url.origin !== new URL(ctx.baseUrl).origin) return undefined;
  return generations.find((g) => url.pathname === apiBase(ctx, g) || url.pathname.startsWith(`${apiBase(ctx, g)}/`));
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function readAnswer(ctx: ExchangeContext, res: HttpResponse): Answer {
  const method = res.exchange.request.method.toUpperCase();
  const url = new URL(res.exchange.request.url);
  const hasBody = method !== 'HEAD' && res.raw.length > 0;
  return {
    res,
    method,
    url,
    generation: generationOf(ctx, url),
    pretty: url.searchParams.get('pretty') === 'true',
    envelope: url.searchParams.get('envelope') === 'true',
    hasBody,
    body: hasBody ? parsed(res.text) : undefined,
  };
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The kinds an answer counts under in a rule's coverage: its method, whether it is an error, its generation. */
export function kindsOf(a: Answer): string[] {
  const kinds: string[] = [];
  if (a.method === 'GET' || a.method === 'HEAD') kinds.push(`${a.method} answer`);
  else if (writeMethods.has(a.method)) kinds.push('write answer');
  if (a.res.status >= 400) kinds.push('error answer');
  if (a.generation === 'v1.0') kinds.push('/v1.0 answer');
  return kinds;
}

/** The single-entity envelope's content (spec 2.4: two fields, the status and the entity), if the body is one. */
function enveloped(ctx: ExchangeContext, a: Answer): unknown {
  const body = a.body;
  if (!isObject(body)) return undefined;
  const { statusField, contentField } = ctx.envelope;
  // The status line of an enveloped answer is not stated: the status field holds a status code, not necessarily it.
  const wrapped =
    hasEnvelopeFields(body, ctx.envelope) && isStatusCode(body[statusField]) && isObject(body[contentField]);
  return wrapped ? body[contentField] : undefined;
}

/** The entity or list a 2xx answer carries, or why it carries none. Under envelope=true the envelope is read
 * through (a list keeps its `status` beside its fields); `{}` answering a DELETE or an accepted request (202) is
 * no entity. */
export function carriedBy(ctx: ExchangeContext, a: Answer): Carried | string {
  if (!isObject(a.body)) return 'no JSON object body';
  let body: JsonObject = a.body;
  const isList = Array.isArray(body[ctx.paging.resultsField]);
  if (a.envelope && !isList) {
    const content = enveloped(ctx, a);
    if (!isObject(content)) return 'envelope=true, and the body is not the envelope of an entity (ENV-SINGLE-WRAP)';
    body = content;
  }
  if (Object.keys(body).length === 0 && (a.method === 'DELETE' || a.res.status === 202))
    return `{} answering ${a.method === 'DELETE' ? 'a DELETE' : 'an accepted request'} is no entity`;
  const items = body[ctx.paging.resultsField];
  return Array.isArray(items) ? { kind: 'list', body, items } : { kind: 'entity', body };
}

/** Every entity of a 2xx answer: the entity, or the list and its items. */
export function entitiesIn(ctx: ExchangeContext, a: Answer): ReturnType<typeof entitiesOf> | string {
  const c = carriedBy(ctx, a);
  return typeof c === 'string' ? c : entitiesOf(c);
}

/** The error body of a 4xx answer, read through an envelope when envelope=true was asked and the target wrapped it
 * (spec 2.4 wraps an entity, which an error is not: wrapped or not, the error body must hold). */
export function errorView(ctx: ExchangeContext, a: Answer): HttpResponse {
  const content = a.envelope ? enveloped(ctx, a) : undefined;
  if (content === undefined) return a.res;
  return new HttpResponse(a.res.status, a.res.headers, Buffer.from(JSON.stringify(content)), a.res.exchange);
}

/** A header the request was sent with, or ''. */
export const sentHeader = (res: HttpResponse, name: string): string =>
  Object.entries(res.exchange.request.headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? '';

/** The version a request's Accept asked of this vendor, or undefined. */
export function askedVersion(res: HttpResponse, vendor: string): string | undefined {
  return sentHeader(res, 'accept')
    .split(',')
    .map((t) => versionedMediaType(t))
    .find((m) => m?.vendor === vendor.toLowerCase())?.date;
}

/** The resource version an answer of the versioned API was served in: the one its Content-Type names, else the one
 * its request asked for; undefined when neither names one. */
export const servedVersion = (ctx: ExchangeContext, a: Answer): string | undefined =>
  namedVersion(a.res.header('content-type'), ctx.vendor) ?? askedVersion(a.res, ctx.vendor);
