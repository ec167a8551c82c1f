// A request as a caller specifies it, and the answer the client returns: shared by the client and its retries.
import type { Exchange } from '../exchange.ts';
import { TargetError } from '../outcome.ts';
import { otherType } from './fault-signature.ts';
import type { ProjectLease } from './rate-scheduler.ts';

export interface RequestSpec {
  method: string;
  /** A path below the base URL (starting with /) or an absolute URL. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** A JSON value to send, or raw text sent as is. */
  json?: unknown;
  rawBody?: string;
  /** The credential to authenticate with; null sends no authentication. */
  as: string | null;
  /** Source address to send from (API access lists). */
  localAddress?: string;
  /** Answer digest challenges (default true); false sends exactly one request. */
  answerChallenge?: boolean;
  /** A reservation of the request's project (rate-limit checks): the request is counted but not paced. */
  lease?: ProjectLease;
  /** Once aborted, the request is not sent (nor sent again), and waits for its turn end; an answer already under way
   * is awaited all the same (a create's answer says what it made). */
  signal?: AbortSignal;
}

export class HttpResponse {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | string[]>,
    readonly raw: Buffer,
    readonly exchange: Exchange,
  ) {}

  header(name: string): string | undefined {
    const v = this.headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(', ') : v;
  }

  get text(): string {
    return this.raw.toString('utf8');
  }

  /** The body parsed as JSON; a body that is not JSON is a target error, not a rule failure. */
  json(): unknown {
    try {
      return JSON.parse(this.text);
    } catch (e) {
      throw new TargetError(
        'invalid-json',
        `${this.exchange.request.method} ${this.exchange.request.url} answered ${this.status} with a body that is not JSON: ${(e as Error).message}`,
        this.exchange,
      );
    }
  }

  /** The body as a JSON object (an entity, a list, an error): JSON of another type where one belongs is a target error. */
  jsonObject(): Record<string, unknown> {
    const value = this.json();
    const type = otherType(value);
    if (!type) return value as Record<string, unknown>;
    throw new TargetError(
      'wrong-type',
      `${this.exchange.request.method} ${this.exchange.request.url} answered ${this.status} with ${type} where a JSON object belongs`,
      this.exchange,
    );
  }
}
