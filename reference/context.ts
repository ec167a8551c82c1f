// What a route handler knows about the request it serves.
import type { Caller } from './auth/authenticate.ts';
import type { Mutants } from './mutants.ts';
import type { Store } from './store.ts';
import { relationPrefix } from './vocabulary.ts';

/** The API generation a request addresses (spec 9.1). */
export type Generation = 'v2' | 'v1.0';

export interface RequestContext {
  method: string;
  /** The requested path, without the query string (used in RESOURCE_NOT_FOUND errors). */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** The parsed JSON body of POST, PUT and PATCH requests. */
  body: unknown;
  generation: Generation;
  /** The resource version of a v2 request (spec 9.2). */
  version?: string;
  caller: Caller;
  store: Store;
  mutants: Mutants;
  vendor: string;
  /** `https://host[:port]`, from the request's Host header: links are absolute (spec 2.2). */
  origin: string;
  /** `{origin}/api/{vendor}/{generation}`. */
  apiBase: string;
}

/** An address as URL host: IPv6 addresses in brackets. */
export const bracketed = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** Absolute URL of a path under the API base, e.g. `/groups/{id}`. */
export const href = (ctx: RequestContext, apiPath: string) => ctx.apiBase + apiPath;

/** Extension link relations (spec 2.2) carry a fixed prefix, as on the real service (whose own under `atlas`). */
export const extensionRel = (ctx: RequestContext, name: string) => `${relationPrefix(ctx.vendor)}${name}`;
