// METH-HEAD on the raw connection: bytes a server writes after a HEAD answer's headers are seen ahead of the next
// answer on the same kept-alive connection, where an HTTP client library would hide them.
import { createServer as createPlainServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCertificate } from '../../reference/cert.ts';
import { expectNoBodyAfterHead } from '../../src/judges/head.ts';
import { headThenGet } from '../../src/http/head-then-get.ts';
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
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  base = await listenLocally(server, 'https');
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const probe = (path: string) => headThenGet({ url: new URL(path, base), head: {}, get: {} }, { ca, timeoutMs: 5000 });

describe('HEAD then GET on one raw connection', () => {
  it('sees nothing between a proper HEAD answer and the GET answer', async () => {
    const r = await probe('/proper');
    expect(r.between.length).toBe(0);
    expect(r.getStatusLine).toBe('HTTP/1.1 200 OK');
    expect(() => expectNoBodyAfterHead(r, 'a proper path')).not.toThrow();
  });

  it('sees the body a server wrongly sent after the HEAD answer, and the judge fails it', async () => {
    const r = await probe('/leaky');
    expect(r.between.toString()).toBe(body);
    expect(r.getStatusLine).toBe('HTTP/1.1 200 OK');
    expect(() => expectNoBodyAfterHead(r, 'a leaky path')).toThrow(RuleFailure);
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
      expect(r.getStatusLine).toBe('HTTP/1.1 200 OK');
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });
});
