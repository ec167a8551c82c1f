// What a run may touch on a live target, enforced where requests leave (the client's guard), so that no check can
// stray by mistake: below /groups/{id}, only the projects the profile names, those this run created, and the one
// well-formed id of no project that the 404 probes use on purpose; and no cluster is created (billable) unless the
// profile says allowBillable.
import type { Exchange } from '../exchange.ts';
import type { Profile } from '../profile/profile.ts';

/** A request the run must not send: thrown before anything leaves. */
export class OutOfBounds extends Error {
  override readonly name = 'OutOfBounds';
}

export class RunScope {
  private readonly allowed: Set<string>;
  private readonly project: RegExp;
  private readonly projects: RegExp;

  /** `missingProject` is the id the run's 404 probes use (the Target's `missingProjectId`). */
  constructor(
    private readonly profile: Profile,
    private readonly missingProject: string,
  ) {
    const { ids, emptyProjectId } = profile.projects;
    this.allowed = new Set([...ids, ...(emptyProjectId ? [emptyProjectId] : [])]);
    const base = `^/api/${profile.vendor}/(?:v2|v1\\.0)/groups`;
    this.project = new RegExp(`${base}/([^/?#]+)(/[^?#]*)?$`);
    this.projects = new RegExp(`${base}/?$`);
  }

  /** The client's guard: throws for a request outside the run's scope. */
  readonly guard = (method: string, url: URL): void => {
    const m = this.project.exec(url.pathname);
    if (!m) return;
    const id = decodeSegment(m[1]!);
    const rest = m[2] ?? '';
    const what = `${method} ${url.pathname}`;
    if (id === 'byName')
      throw new OutOfBounds(
        `refused to send ${what}: a project named by its name cannot be told apart from one outside the run's scope`,
      );
    if (!this.allowed.has(id) && id !== this.missingProject) {
      throw new OutOfBounds(
        `refused to send ${what}: project ${id} is neither one the profile names (projects.ids, projects.emptyProjectId) nor one this run created`,
      );
    }
    if (createsCluster(method, rest) && !this.profile.allowBillable) {
      throw new OutOfBounds(
        `refused to send ${what}: creating a cluster is billable, and the profile does not allow billable resources (allowBillable)`,
      );
    }
  };

  /** Learns the projects the run creates, from the answers to its creates. */
  readonly learn = (e: Exchange): void => {
    if (e.request.method !== 'POST' || !e.response || e.response.status >= 300) return;
    if (!this.projects.test(new URL(e.request.url).pathname)) return;
    const id = createdId(e.response.body, this.profile.envelope.contentField);
    if (id) this.allowed.add(id);
  };
}

/** Whether a request below a project (`rest`: its path after /groups/{id}) creates a cluster, which is billable. */
export const createsCluster = (method: string, rest: string): boolean =>
  method.toUpperCase() === 'POST' && /^\/clusters\/?$/.test(rest);

/** The id of a created entity, also inside an envelope (spec 2.4). */
function createdId(body: string, contentField: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const entity = value as Record<string, unknown> | null;
  const id = entity?.id ?? (entity?.[contentField] as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** A path segment decoded; one that is not valid percent-encoding is taken as it is. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
