// The target as the suites see it: the profile, one shared HTTP client, and the API's paths and headers.
import type { Exchange } from '../exchange.ts';
import type { HttpClient } from '../http/client.ts';
import type { HttpResponse, RequestSpec } from '../http/messages.ts';
import { profileScheduler } from '../http/rate-scheduler.ts';
import { rateWaitCountdown } from './countdown.ts';
import type { Profile } from '../profile/profile.ts';
import { RunScope } from './scope.ts';
import { runMark, seededBytes, type RunSetup } from './run-setup.ts';
import { WriteGate } from './write-gate.ts';
import { Creations } from './creations.ts';
import { profileClient } from './profile-client.ts';
import { noteUnanswered } from './journal.ts';
import { ExchangeLog } from '../http/exchange-log.ts';

export type ApiRequest = Omit<RequestSpec, 'as'> & {
  as?: string | null;
  /** Resource version for the Accept header of the versioned API; null sends no Accept. */
  version?: string | null;
};

/** What the Target needs of the check it sends a request for, from the harness that runs the checks. */
export interface CheckHooks {
  /** The signal that ends the running check (an interrupt, its time limit), if a check is running. */
  signal(): AbortSignal | undefined;
  /** Keeps an exchange as evidence of the running check. */
  record(exchange: Exchange): void;
  /** Awaits a request's turn under the rate limit, counted as the running check's time paced. */
  pace<T>(turn: Promise<T>): Promise<T>;
}

export class Target {
  readonly profile: Profile;
  readonly client: HttpClient;
  /** Holds back writes while a check compares readings (src/target/write-gate.ts). */
  readonly writes = new WriteGate();
  /** Every answer of the run, for the exchange rules (suites/exchange-rules.test.ts). */
  readonly exchanges = new ExchangeLog();
  /** The entities the run has made (src/target/created.ts notes them). */
  readonly creations = new Creations();
  /** A well-formed project id that names no project (24 hex digits, as project ids are), for the run's 404 probes,
   * drawn from the run's seed: the scope lets it through, as the one project it knows not to exist. */
  readonly missingProjectId: string;

  constructor(
    readonly setup: RunSetup,
    private readonly check: CheckHooks,
  ) {
    const p = setup.profile;
    this.profile = p;
    this.missingProjectId = `f0f0${seededBytes(setup, 'missing project').toString('hex').slice(0, 20)}`;
    const scope = new RunScope(p, this.missingProjectId);
    this.client = profileClient(p, setup.caPem, {
      guard: scope.guard,
      scheduler: profileScheduler(p, {
        onWait: rateWaitCountdown,
        ...(setup.rateState ? { from: setup.rateState } : {}),
      }),
      // A 429 to a request the scheduler made room for is the target's count or another client's, not a check's.
      pacedResends: 1,
      pace: (turn) => check.pace(turn),
    });
    this.client.onExchange((exchange) => check.record(exchange));
    this.client.onExchange(this.exchanges.add);
    this.client.onExchange(scope.learn);
    const unanswered = {
      file: setup.journalFile,
      baseUrl: p.baseUrl,
      mark: runMark(setup),
      accept: this.mediaType(p.versions.default),
    };
    this.client.onExchange((exchange) => noteUnanswered(unanswered, exchange));
  }

  /** Path of a resource under the versioned API, e.g. v2('/groups'). */
  v2(path = ''): string {
    return `/api/${this.profile.vendor}/v2${path === '/' ? '' : path}`;
  }

  /** The path below the v2 base of a path under it (`/api/{vendor}/v2/groups` → `/groups`; the base itself → ''). */
  belowV2(path: string): string {
    return path.slice(this.v2().length);
  }

  /** Path of a resource under the legacy, unversioned API. */
  legacy(path = ''): string {
    return `/api/${this.profile.vendor}/v1.0${path === '/' ? '' : path}`;
  }

  mediaType(version: string): string {
    return `application/vnd.${this.profile.vendor}.${version}+json`;
  }

  hasCredential(name: string): boolean {
    return name in this.profile.credentials;
  }

  /** Sends a request to the versioned API (a path made with v2()), as the owner unless told otherwise. */
  send(req: ApiRequest): Promise<HttpResponse> {
    const version = req.version === undefined ? this.profile.versions.default : req.version;
    const headers: Record<string, string> = {};
    if (version !== null) headers.accept = this.mediaType(version);
    const { version: _v, as, ...rest } = req;
    const signal = this.check.signal();
    return this.writes.send(req.method, () =>
      this.client.send({
        ...rest,
        as: as === undefined ? 'owner' : as,
        headers: { ...headers, ...(req.headers ?? {}) },
        ...(signal ? { signal } : {}),
      }),
    );
  }

  close(): Promise<void> {
    return this.client.close();
  }

  get(path: string, extra: Omit<ApiRequest, 'method' | 'path'> = {}): Promise<HttpResponse> {
    return this.send({ method: 'GET', path, ...extra });
  }
}
