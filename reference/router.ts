// Route table: path templates such as `/groups/{groupId}/clusters`, each with its method set (spec 4.1).
import type { RequestContext } from './context.ts';
import type { Reply } from './respond.ts';
import type { ObjectField } from './validate.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;
export interface Route {
  path: string;
  methods: Partial<Record<Method, Handler>>;
  /** The shape a method's body is validated against, for the target's OpenAPI document (openapi.ts). */
  bodies?: Partial<Record<Method, ObjectField>>;
  /** The query parameters of its GET that take a date, for the target's OpenAPI document. */
  dateQuery?: string[];
  /** Whether its GET answers a paged list, for the target's OpenAPI document. */
  list?: true;
}
export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: Route;
  segments: { literal?: string; param?: string }[];
}

export class Router {
  private readonly compiled: CompiledRoute[];

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => ({
      route,
      segments: route.path
        .split('/')
        .filter(Boolean)
        .map((s) => (/^\{\w+\}$/.test(s) ? { param: s.slice(1, -1) } : { literal: s })),
    }));
  }

  /** The matching route; a literal segment wins over a parameter at the first place they differ. */
  match(segments: string[]): RouteMatch | undefined {
    let best: CompiledRoute | undefined;
    for (const candidate of this.compiled) {
      if (!fits(candidate, segments)) continue;
      if (!best || moreLiteral(candidate, best)) best = candidate;
    }
    if (!best) return undefined;
    const params: Record<string, string> = {};
    best.segments.forEach((s, i) => {
      if (s.param) params[s.param] = segments[i]!;
    }); // fits: as many segments
    return { route: best.route, params };
  }
}

function fits(candidate: CompiledRoute, segments: string[]): boolean {
  return (
    candidate.segments.length === segments.length &&
    candidate.segments.every((s, i) => s.param !== undefined || s.literal === segments[i])
  );
}

function moreLiteral(a: CompiledRoute, b: CompiledRoute): boolean {
  // Both fit the same path, so they have as many segments.
  const first = a.segments.find((s, k) => (s.literal === undefined) !== (b.segments[k]!.literal === undefined));
  return first?.literal !== undefined;
}

/** The Allow header's methods: the route's own, plus HEAD wherever GET is served. */
export function allowedMethods(route: Route): string[] {
  const methods = Object.keys(route.methods);
  return route.methods.GET ? [...methods, 'HEAD'] : methods;
}
