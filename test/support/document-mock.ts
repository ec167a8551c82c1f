// A stateless mock of a published OpenAPI document, as API design tools serve one: every operation of the document
// answers, whatever was sent before, and a request body is validated against the document's schema for its version
// (test/support/request-schema.ts), a body that does not fit answered 400 and kept in its log of refusals. It keeps
// nothing: a create answers its body back with an id, a read answers an entity with nothing but its links or an
// empty list, a delete 204; it takes any credentials (a request with none is challenged for Digest where the
// document secures the operation) and limits no rate. Against it the suite's own mistakes show: a
// body the document refuses, a profile fact it contradicts, a check that trips over an answer it did not foresee.
import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { generateCertificate } from '../../reference/cert.ts';
import { listenLocally } from './local-server.ts';
import { matchTemplate } from '../../src/probes/path-template.ts';
import type { ErrorObject } from 'ajv';
import { requestSchemas } from './request-schema.ts';

export interface DocumentMock {
  url: string;
  caPem: string;
  /** Every body the document refused: the request, the body and why. */
  refused: { method: string; path: string; body: string; errors: string }[];
  close(): Promise<void>;
}

interface Document {
  paths: Record<string, Record<string, unknown>>;
}

interface Reply {
  status: number;
  body?: unknown;
  type?: string;
  challenge?: boolean;
}

const methods = ['get', 'head', 'post', 'put', 'patch', 'delete'];

/** The fields a validator's errors are about, dotted (`metricThreshold.metricName`), as a target names them. */
function fieldsOf(errors: ErrorObject[]): string[] {
  const named = errors.map((e) => {
    const p = e.params as { unevaluatedProperty?: string; missingProperty?: string; additionalProperty?: string };
    const at = e.instancePath.split('/').filter((s) => s && !/^\d+$/.test(s));
    const own = p.unevaluatedProperty ?? p.missingProperty ?? p.additionalProperty;
    return [...at, ...(own ? [own] : [])].join('.');
  });
  return [...new Set(named.filter((n) => n !== ''))];
}

export async function startDocumentMock(document: object, vendor: string): Promise<DocumentMock> {
  const doc = document as Document;
  const schemas = requestSchemas(document, vendor);
  const templates = Object.keys(doc.paths);
  const base = `/api/${vendor}/v2`;
  const dated = new RegExp(`application/vnd\\.${vendor}\\.(\\d{4}-\\d{2}-\\d{2})\\+json`);
  const refused: DocumentMock['refused'] = [];
  const certificate = await generateCertificate();
  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { status, body, type = 'application/json', challenge } = reply(req, Buffer.concat(chunks).toString('utf8'));
      const text = body === undefined ? '' : JSON.stringify(body);
      const nonce = randomBytes(16).toString('hex');
      res.writeHead(status, {
        'content-type': type,
        'content-length': Buffer.byteLength(text),
        ...(challenge
          ? { 'www-authenticate': `Digest realm="mock", qop="auth", nonce="${nonce}", algorithm=MD5` }
          : {}),
      });
      res.end(text);
    });
  });

  function errorReply(status: number, code: string, detail: string): Reply {
    const reason =
      { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 405: 'Method Not Allowed' }[status] ?? 'Error';
    return { status, body: { detail, error: status, errorCode: code, parameters: [], reason } };
  }

  function reply(req: IncomingMessage, text: string): Reply {
    const url = new URL(req.url!, 'https://mock');
    const method = req.method!.toLowerCase();
    const self = { rel: 'self', href: `https://${req.headers.host}${url.pathname}` };
    const version = dated.exec(`${req.headers['content-type'] ?? ''} ${req.headers.accept ?? ''}`)?.[1] ?? '2023-01-01';
    const type = `application/vnd.${vendor}.${version}+json`;
    const template = templates
      .filter((t) => matchTemplate(t, url.pathname))
      .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
    const served = method === 'head' ? 'get' : method;
    const op = template ? (doc.paths[template]![served] as { security?: unknown[] } | undefined) : undefined;
    // Any credentials will do, but some must come where the document asks for them.
    const open = Array.isArray(op?.security) && op.security.length === 0;
    if (!open && !req.headers.authorization)
      return { ...errorReply(401, 'NOT_AUTHENTICATED', 'Authentication is required.'), challenge: true };
    if (url.pathname === base || url.pathname === `${base}/`) return { status: 200, body: { links: [self] }, type };
    if (!template) return errorReply(404, 'RESOURCE_NOT_FOUND', `Cannot find resource ${url.pathname}.`);
    if (!methods.includes(method) || !op) return errorReply(405, 'METHOD_NOT_ALLOWED', 'Not allowed.');
    let body: unknown;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return errorReply(400, 'MALFORMED_REQUEST', 'The body is not JSON.');
      }
      const validate = schemas.validator(template, method, version);
      if (validate && !validate(body)) {
        const errors = JSON.stringify(validate.errors);
        refused.push({ method: req.method!, path: url.pathname, body: text, errors });
        return errorReply(
          400,
          'INVALID_ATTRIBUTE',
          `Invalid attributes: ${fieldsOf(validate.errors ?? []).join(', ')}.`,
        );
      }
    }
    if (method === 'delete') return { status: 204, type };
    if (method === 'get' || method === 'head') {
      const listed = !/\}$/.test(template);
      return { status: 200, body: listed ? { links: [self], results: [], totalCount: 0 } : { links: [self] }, type };
    }
    const id = randomBytes(12).toString('hex');
    return { status: method === 'post' ? 201 : 200, body: { ...(body as object), id, links: [self] }, type };
  }

  return {
    url: await listenLocally(server, 'https'),
    caPem: certificate.cert,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
