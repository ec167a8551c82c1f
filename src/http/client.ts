// The suite's HTTP client on undici: HTTPS with a custom CA, Digest or Bearer auth, raw bytes kept,
// a per-request timeout, retries of a 5xx (src/http/retry.ts), one more sending of a paced request the target
// refused with 429, a guard against requests a run must not make, and a redacted record of every exchange.
import { Agent, request as undiciRequest } from 'undici';
import { authorizationHeader, chooseChallenge, parseDigestChallenges, type DigestChallenge } from './digest.ts';
import { evidenceBodyLimit, type Exchange, type SentRequest } from '../exchange.ts';
import type { Redactor } from './redactor.ts';
import { TargetError, type TargetErrorCause } from '../outcome.ts';
import { transportCause } from './transport-errors.ts';
import { judgesEveryAnswer, withRetries, type RetryPolicy } from './retry.ts';
import { HttpResponse, type RequestSpec } from './messages.ts';
import type { RateScheduler, RateTicket } from './rate-scheduler.ts';

export interface Credential {
  name: string;
  publicKey?: string;
  privateKey?: string;
  token?: string;
  /** Source address this credential's requests are sent from (its API access list admits it). */
  localAddress?: string;
  env: { publicKey?: string; privateKey?: string; token?: string };
}

export interface ClientOptions {
  baseUrl: string;
  ca?: string;
  insecure?: boolean;
  requestTimeoutMs: number;
  connectTimeoutMs: number;
  maxBodyBytes: number;
  connections: number;
  credentials: Record<string, Credential>;
  redactor: Redactor;
  /** Paces requests under the target's rate limit (spec 8). */
  scheduler?: RateScheduler;
  /** Times a paced request the target refused with 429 is sent again, once the scheduler lets it go (default 0). */
  pacedResends?: number;
  /** Told of each wait for a request's turn under the rate limit (a check's time limit leaves it out). */
  pace?: <T>(turn: Promise<T>) => Promise<T>;
  /** Retries of a 5xx (spec 7.2); without it a request is sent once. */
  retries?: RetryPolicy;
  /** Throws before anything is sent for a request the run must not make (src/target/scope.ts). */
  guard?: (method: string, url: URL) => void;
}

/** Told of every exchange; `response`, with the full body, when an answer came whole. */
type Listener = (exchange: Exchange, response?: HttpResponse) => void;

export class HttpClient {
  private readonly agents = new Map<string, Agent>();
  private readonly digest = new Map<string, { challenge: DigestChallenge; nc: number }>();
  private readonly handshakes = new Map<string, Promise<void>>();
  private readonly listeners = new Set<Listener>();

  constructor(readonly options: ClientOptions) {
    for (const c of Object.values(options.credentials)) {
      options.redactor.add(c.privateKey);
      options.redactor.add(c.token);
    }
  }

  onExchange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  url(path: string, query?: RequestSpec['query']): URL {
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(this.options.baseUrl.replace(/\/$/, '') + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  async send(spec: RequestSpec): Promise<HttpResponse> {
    this.options.guard?.(spec.method, this.url(spec.path, spec.query));
    const retries = this.options.retries;
    return retries ? withRetries(retries, spec, () => this.sendOnce(spec)) : this.sendOnce(spec);
  }

  private async sendOnce(spec: RequestSpec): Promise<HttpResponse> {
    spec.signal?.throwIfAborted();
    const credential = spec.as === null ? undefined : this.options.credentials[spec.as];
    if (spec.as !== null && !credential) throw new Error(`no credential named '${spec.as}' in the profile`);
    const url = this.url(spec.path, spec.query);
    // Concurrent first requests of a Digest credential wait for one handshake instead of each making their own.
    const pending = credential && this.handshakes.get(credential.name);
    if (pending) await pending;
    const first = this.once(spec, url, credential, this.authHeader(credential, spec.method, url));
    const needsChallenge =
      credential?.privateKey !== undefined && !this.digest.has(credential.name) && spec.answerChallenge !== false;
    if (needsChallenge && !pending) {
      this.handshakes.set(
        credential.name,
        first.then(
          () => undefined,
          () => undefined,
        ),
      );
    }
    try {
      const res = await first;
      if (res.status !== 401 || !credential?.privateKey || spec.answerChallenge === false) return res;
      // Digest (RFC 7616 §3.3): answer a fresh challenge once; a cached nonce that went stale is renewed the same way.
      const challenge = chooseChallenge(parseDigestChallenges(res.headers['www-authenticate']));
      if (!challenge) return res;
      this.digest.set(credential.name, { challenge, nc: 0 });
      return await this.once(spec, url, credential, this.authHeader(credential, spec.method, url));
    } finally {
      if (needsChallenge && !pending) this.handshakes.delete(credential!.name);
    }
  }

  private authHeader(c: Credential | undefined, method: string, url: URL): string | undefined {
    if (!c) return undefined;
    if (c.token !== undefined) return `Bearer ${c.token}`;
    const state = this.digest.get(c.name);
    if (!state || c.publicKey === undefined || c.privateKey === undefined) return undefined;
    state.nc += 1;
    return authorizationHeader({
      challenge: state.challenge,
      method,
      uri: url.pathname + url.search,
      username: c.publicKey,
      password: c.privateKey,
      nc: state.nc,
    });
  }

  private agent(localAddress: string | undefined): Agent {
    const key = localAddress ?? '';
    let agent = this.agents.get(key);
    if (!agent) {
      const o = this.options;
      agent = new Agent({
        connections: o.connections,
        pipelining: 1,
        // localAddress must be top-level: inside `connect` undici ignores it.
        ...(localAddress ? { localAddress } : {}),
        connect: { ca: o.ca, rejectUnauthorized: !o.insecure, timeout: o.connectTimeoutMs },
        headersTimeout: o.requestTimeoutMs,
        bodyTimeout: o.requestTimeoutMs,
      });
      this.agents.set(key, agent);
    }
    return agent;
  }

  private async once(
    spec: RequestSpec,
    url: URL,
    credential: Credential | undefined,
    authorization: string | undefined,
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...(spec.headers ?? {}) };
    let body: string | undefined;
    if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
        headers['content-type'] = 'application/json';
    } else if (spec.rawBody !== undefined) body = spec.rawBody;
    if (authorization) headers.authorization = authorization;
    for (let resends = 0; ; resends++) {
      const turn = this.options.scheduler?.acquire(url, spec.lease, spec.signal);
      const ticket = turn && (await (this.options.pace ? this.options.pace(turn) : turn));
      spec.signal?.throwIfAborted();
      const res = await this.exchange(spec, url, credential, headers, body, ticket);
      if (
        res.status !== 429 ||
        !ticket?.paced ||
        resends >= (this.options.pacedResends ?? 0) ||
        judgesEveryAnswer(spec)
      )
        return res;
      // The scheduler counted room for it and the target's window had none: the request waited for a connection past
      // the turn, or another client spent the budget. The scheduler now holds the project as the 429 asks.
      const again = this.authHeader(credential, spec.method, url);
      if (again) headers.authorization = again;
    }
  }

  /** Sends one request that has its turn, and records the exchange. */
  private async exchange(
    spec: RequestSpec,
    url: URL,
    credential: Credential | undefined,
    headers: Record<string, string>,
    body: string | undefined,
    ticket: RateTicket | undefined,
  ): Promise<HttpResponse> {
    const redactor = this.options.redactor;
    const sent: SentRequest = {
      method: spec.method,
      url: url.toString(),
      headers: redactor.headers(headers),
      ...(body !== undefined ? { body: redactor.text(body) } : {}),
      ...(credential ? { credentialEnv: credential.env } : {}),
    };
    const startedAt = new Date();
    const exchange: Exchange = { request: sent, startedAt: startedAt.toISOString(), durationMs: 0 };
    try {
      const res = await undiciRequest(url, {
        method: spec.method,
        headers,
        body,
        dispatcher: this.agent(spec.localAddress ?? credential?.localAddress),
        signal: AbortSignal.timeout(this.options.requestTimeoutMs),
      });
      const responseHeaders = res.headers as Record<string, string | string[]>;
      const header = (name: string) =>
        responseHeaders[name] === undefined ? undefined : String(responseHeaders[name]);
      this.options.scheduler?.observe(ticket, {
        date: header('date'),
        retryAfter: header('retry-after'),
        sentAt: startedAt.getTime(),
        receivedAt: Date.now(),
        status: res.statusCode,
      });
      const raw = await this.readBody(res.body, exchange);
      exchange.durationMs = Date.now() - startedAt.getTime();
      exchange.response = {
        status: res.statusCode,
        headers: redactor.headers(responseHeaders),
        body:
          redactor.text(raw.subarray(0, evidenceBodyLimit).toString('utf8')) +
          (raw.length > evidenceBodyLimit ? '…[truncated]' : ''),
        bodyBytes: raw.length,
      };
      const response = new HttpResponse(res.statusCode, responseHeaders, raw, exchange);
      this.emit(exchange, response);
      return response;
    } catch (e) {
      exchange.durationMs = Date.now() - startedAt.getTime();
      const cause: TargetErrorCause = e instanceof TargetError ? e.cause : transportCause(e);
      const message = e instanceof TargetError ? e.message : describe(e);
      exchange.error = { cause, message };
      this.emit(exchange);
      throw new TargetError(cause, `${spec.method} ${url}: ${message}`, exchange);
    }
  }

  private async readBody(
    body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown },
    exchange: Exchange,
  ): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > this.options.maxBodyBytes) {
        body.destroy();
        throw new TargetError('body-too-large', `body exceeds ${this.options.maxBodyBytes} bytes`, exchange);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  private emit(exchange: Exchange, response?: HttpResponse): void {
    for (const l of this.listeners) l(exchange, response);
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((a) => a.close()));
    this.agents.clear();
  }
}

function describe(e: unknown): string {
  const err = e as { code?: unknown; message?: string; cause?: { code?: unknown; message?: string } };
  // DOMException codes (an abort) are numbers that name nothing a reader knows.
  const code = [err.code, err.cause?.code].find((c): c is string => typeof c === 'string');
  const message = err.message || err.cause?.message || String(e);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
