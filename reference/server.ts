// The embedded reference target: a second, independent implementation of the spec, served over HTTPS.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { Authenticator } from './auth/authenticate.ts';
import { REVOKE_PATH, TOKEN_PATH, TokenIssuer, type TokenAnswer } from './auth/service-accounts.ts';
import { generateCertificate } from './cert.ts';
import { injectFaults, type FaultOptions } from './faults.ts';
import { recordHar } from './har.ts';
import { keepState, loadState } from './state-file.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { bracketed } from './context.ts';
import { ApiError, errorBody, notFound } from './errors.ts';
import { createMutants } from './mutants.ts';
import { createDispatcher, sendError, splitUrl } from './pipeline.ts';
import { startRedirectListener } from './plain-http.ts';
import { ProjectRateLimiter } from './rate-limit.ts';
import { Router } from './router.ts';
import { allRoutes } from './routes/index.ts';
import { openApiDocument } from './openapi.ts';
import { createStore, defaultSeed } from './store.ts';
import type { UnlistedDates } from './versioning.ts';

/** A principal's secrets: an API key pair, a static bearer token, and the client id and secret it signs in with. */
export interface Principal {
  publicKey?: string;
  privateKey?: string;
  token?: string;
  clientId?: string;
  clientSecret?: string;
}
export interface ReferenceOptions {
  /** Path and media-type vendor word (spec naming convention); default 'platform'. */
  vendor?: string;
  host?: string;
  port?: number;
  /** If given (0 = ephemeral), plain HTTP is also served there, answering 301 to HTTPS with an empty body. */
  plainHttpPort?: number;
  /** Secrets by principal name of the seed (owner, owner2, readOnly, outsider, serviceAccount). */
  secrets: Record<string, Principal>;
  /** Mutant ids of reference/mutants/. */
  mutants?: string[];
  /** Spec 8; fixed windows aligned to the clock: window = floor(Date.now()/windowMs). */
  rateLimit?: { limit: number; windowMs: number };
  /** Default: fixtures/seed.json. */
  seed?: unknown;
  /** A well-formed date that is not one of an operation's versions: served in the newest version not later
   * than it (the real service, default) or refused with 406. */
  unlistedDates?: UnlistedDates;
  /** Lifetime of the tokens `/api/oauth/token` issues (real service: 3600). */
  tokenTtlSeconds?: number;
  /** Milliseconds since the epoch, for token expiry; default Date.now. */
  clock?: () => number;
  /** Every answer waits `ms` plus up to `jitterMs` more, at random. */
  latency?: { ms: number; jitterMs: number };
  /** Exchanges are written to this file as HAR 1.2, secrets redacted. */
  recordFile?: string;
  /** Faults injected into answers at a rate (`--faults`). */
  faults?: FaultOptions;
  /** The store is loaded from this file when it exists (instead of `seed`) and written to it after each change. */
  stateFile?: string;
}
export interface ReferenceTarget {
  url: string;
  plainUrl?: string;
  caPem: string;
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export async function startReferenceTarget(opts: ReferenceOptions): Promise<ReferenceTarget> {
  const vendor = opts.vendor ?? 'platform';
  const host = opts.host ?? '127.0.0.1';
  const mutants = createMutants(opts.mutants);
  const saved = opts.stateFile === undefined ? undefined : loadState(opts.stateFile);
  const store = createStore(saved ?? opts.seed ?? defaultSeed());
  const certificate = await generateCertificate();

  const app = Fastify({
    https: { key: certificate.key, cert: certificate.cert },
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    logger: false,
    // A path that cannot be decoded names no resource: 404 like any unknown path.
    frameworkErrors: (err, req, reply) => {
      const { path, query } = splitUrl(req.url);
      sendError(reply, mutants, err.code === 'FST_ERR_BAD_URL' ? notFound(path) : frameworkError(err), query);
    },
    clientErrorHandler: (_err, socket) => {
      const body = JSON.stringify(errorBody(new ApiError(400, 'INVALID_REQUEST', 'Malformed HTTP request.'), mutants));
      if (socket.writable)
        socket.end(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
    },
  });
  installBodyParser(app);
  if (opts.latency) {
    const { ms, jitterMs } = opts.latency;
    app.addHook('onRequest', async () => {
      await sleep(ms + Math.random() * jitterMs);
    });
  }
  if (opts.recordFile !== undefined) recordHar(app, opts.recordFile);
  if (opts.faults) injectFaults(app, opts.faults, [TOKEN_PATH, REVOKE_PATH]);
  if (opts.stateFile !== undefined) keepState(app, opts.stateFile, store);
  const issuer = new TokenIssuer(clientsOf(opts.secrets), opts.tokenTtlSeconds ?? 3600, opts.clock ?? Date.now);
  // Outside `/api/{vendor}`, as on the real service; a token can be minted from any address.
  const oauth =
    (answer: (authorization: string | undefined, body: string) => TokenAnswer) =>
    (req: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = answer(req.headers.authorization, typeof req.body === 'string' ? req.body : '');
      void reply
        .code(status)
        .header('Cache-Control', 'no-store')
        .header('Content-Type', 'application/json')
        .send(JSON.stringify(body));
    };
  app.post(
    TOKEN_PATH,
    oauth((a, b) => issuer.token(a, b)),
  );
  app.post(
    REVOKE_PATH,
    oauth((a, b) => issuer.revoke(a, b)),
  );
  // The document of its own surface, outside the API's generations and open to anyone, as the real service's is.
  const document = JSON.stringify(openApiDocument(allRoutes, vendor));
  app.get(`/api/${vendor}/openapi.json`, (_req, reply) => {
    void reply.header('Content-Type', 'application/json').send(document);
  });
  const dispatch = createDispatcher({
    vendor,
    store,
    mutants,
    authenticator: new Authenticator(store.principals, opts.secrets, `${vendor} Public API`, mutants, issuer),
    rateLimiter: new ProjectRateLimiter(opts.rateLimit ?? { limit: 100, windowMs: 60_000 }, mutants),
    router: new Router(allRoutes),
    unlistedDates: opts.unlistedDates ?? 'newest-not-later',
  });
  app.route({ method: METHODS, url: '*', handler: dispatch });
  app.setNotFoundHandler(dispatch);
  app.setErrorHandler((err, req, reply) => sendError(reply, mutants, frameworkError(err), splitUrl(req.url).query));

  await app.listen({ host, port: opts.port ?? 0 });
  const port = (app.server.address() as AddressInfo).port;
  const redirect =
    opts.plainHttpPort === undefined
      ? undefined
      : await startRedirectListener(host, opts.plainHttpPort, port, mutants).catch(async (err) => {
          await app.close();
          throw err;
        });
  return {
    url: `https://${bracketed(host)}:${port}`,
    plainUrl: redirect && `http://${bracketed(host)}:${redirect.port}`,
    caPem: certificate.cert,
    close: async () => {
      await redirect?.close();
      await app.close();
    },
  };
}

function clientsOf(secrets: Record<string, Principal>): Record<string, { clientId: string; clientSecret: string }> {
  return Object.fromEntries(
    Object.entries(secrets).flatMap(([name, s]) =>
      s.clientId && s.clientSecret ? [[name, { clientId: s.clientId, clientSecret: s.clientSecret }]] : [],
    ),
  );
}

/** Bodies are kept as text: the pipeline checks the Content-Type (415) before parsing JSON (400). */
function installBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
}

/** Errors raised by Fastify itself, before the pipeline (e.g. a body over the limit: 413). */
function frameworkError(err: unknown): ApiError {
  const { statusCode: status = 500, message = '' } = (err ?? {}) as { statusCode?: number; message?: string };
  if (status === 413)
    return new ApiError(413, 'REQUEST_TOO_LARGE', `The request body exceeds ${BODY_LIMIT_BYTES} bytes.`, [
      BODY_LIMIT_BYTES,
    ]);
  if (status >= 400 && status < 500) return new ApiError(status, 'INVALID_REQUEST', message);
  return new ApiError(500, 'UNEXPECTED_ERROR', 'Unexpected error.');
}
