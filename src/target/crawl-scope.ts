// Where the crawl may go: the target's own origin, the versioned API, and no project but the profile's
// (scope safety: a live target's other projects are never touched, not even read).
import { isObject } from '../judges/json-walk.ts';
import { decodeSegment } from './scope.ts';

export class CrawlScope {
  private readonly origin: string;
  private readonly base: string;
  private readonly allowed: ReadonlySet<string>;
  /** Project ids seen in links and groupId fields; those not in the profile mark URLs to keep away from. */
  private readonly known = new Set<string>();

  constructor(baseUrl: string, apiBase: string, projects: readonly string[]) {
    this.origin = new URL(baseUrl).origin;
    this.base = apiBase;
    this.allowed = new Set(projects);
  }

  /** Learns the project of a `/groups/{id}...` link. */
  learnLink(url: URL): void {
    const id = this.projectOf(url);
    if (id) this.known.add(id);
  }

  /** Learns the projects named by `groupId` fields, at any depth. */
  learnBody(body: unknown): void {
    if (Array.isArray(body)) body.forEach((v) => this.learnBody(v));
    else if (isObject(body)) {
      if (typeof body.groupId === 'string') this.known.add(body.groupId);
      Object.values(body).forEach((v) => this.learnBody(v));
    }
  }

  allows(url: URL): boolean {
    if (url.origin !== this.origin) return false;
    if (url.pathname !== this.base && !url.pathname.startsWith(`${this.base}/`)) return false;
    const segments = url.pathname.slice(this.base.length).split('/').filter(Boolean).map(decodeSegment);
    // `/groups/byName/{name}` cannot be told apart from another project's: left alone.
    if (segments[0] === 'groups' && segments[1] !== undefined && !this.allowed.has(segments[1])) return false;
    return !segments.some((s) => this.known.has(s) && !this.allowed.has(s));
  }

  /** The project id of a `/groups/{id}...` URL under the API base. */
  private projectOf(url: URL): string | undefined {
    const segments = url.pathname.slice(this.base.length).split('/').filter(Boolean);
    return segments[0] === 'groups' && segments[1] && segments[1] !== 'byName' ? decodeSegment(segments[1]) : undefined;
  }
}
