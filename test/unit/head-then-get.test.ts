// METH-HEAD on the raw connection: bytes a server writes after a HEAD answer's headers are seen ahead of the next
// answer on the same kept-alive connection, where an HTTP client library would hide them.
import { createServer as createPlainServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCertificate } from '../../reference/cert.ts';
import { checkRawHeadMatchesGet, expectNoBodyAfterHead, rawPairUnjudgeable } from '../../src/judges/head.ts';
import { answerHead, headThenGet } from '../../src/http/head-then-get.ts';
import { RuleFailure } from '../../src/outcome.ts';
import { listenLocally } from '../support/local-server.ts';

const body = '{"id":"e1"}';
let server: Server;
let base: string;
let ca: string;

beforeAll(async () => {
  const { key, cert } = await generateCertificate();
  ca = cert;
  server = createServer({ key, cert }, (req, res) => {
    const socket = res.socket;
    // /leaky writes the body onto the connection after a HEAD answer, as a broken server might.
    if (req.method === 'HEAD' && req.url === '/leaky') res.once('finish', () => socket?.write(body));
    // /plain-head labels HEAD plain JSON where GET is versioned; /lost-head is not found to HEAD; /busy-head is 429.
    const versioned = 'application/vnd.platform.2023-02-01+json';
    const head = req.method === 'HEAD';
    const type = head && req.url === '/plain-head' ? 'application/json' : versioned;
    const status = head && req.url === '/lost-head' ? 404 : head && req.url === '/busy-head' ? 429 : 200;
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
  });
  base = await listenLocally(server, 'https');
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const probe = (path: string) => headThenGet({ url: new URL(path, base), head: {}, get: {} }, { ca, timeoutMs: 5000 });

describe('HEAD then GET on one raw connection', () => {
  it('sees nothing between a proper HEAD answer and the GET answer', async () => {
    const r = await probe('/proper');
    expect(r.between.length).toBe(0);
    expect(answerHead(r.getLines).status).toBe(200);
    expect(answerHead(r.getLines).header('Content-Type')).toBe('application/vnd.platform.2023-02-01+json');
    expect(() => expectNoBodyAfterHead(r, 'a proper path')).not.toThrow();
    expect(rawPairUnjudgeable(r)).toBeUndefined();
    expect(() => checkRawHeadMatchesGet(r, 'a proper path')).not.toThrow();
  });

  it('sees the body a server wrongly sent after the HEAD answer, and the judge fails it', async () => {
    const r = await probe('/leaky');
    expect(r.between.toString()).toBe(body);
    expect(answerHead(r.getLines).status).toBe(200);
    expect(() => expectNoBodyAfterHead(r, 'a leaky path')).toThrow(RuleFailure);
  });

  it("fails a HEAD whose status or content type is not the GET's after it, and leaves a 429's pair unjudged", async () => {
    const plainHead = await probe('/plain-head');
    expect(() => checkRawHeadMatchesGet(plainHead, 'a path')).toThrow(/content-type differs from the GET's/);
    const lost = await probe('/lost-head');
    expect(rawPairUnjudgeable(lost)).toBeUndefined();
    expect(() => checkRawHeadMatchesGet(lost, 'a path')).toThrow(/status differs from the GET's after it \(200\)/);
    expect(rawPairUnjudgeable(await probe('/busy-head'))).toBe('answered 429 and 200');
  });
});

describe('HEAD then GET over plain HTTP', () => {
  it('speaks plain TCP to an http:// base URL, and sees the body a server wrongly sent after the HEAD answer', async () => {
    const plain = createPlainServer((req, res) => {
      const socket = res.socket;
      if (req.method === 'HEAD') res.once('finish', () => socket?.write(body));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
    const plainBase = await listenLocally(plain, 'http');
    try {
      const url = new URL('/leaky', plainBase);
      const r = await headThenGet({ url, head: {}, get: {} }, { timeoutMs: 5000 });
      expect(r.headLines).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(r.between.toString()).toBe(body);
      expect(answerHead(r.getLines).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });
});
