// A small HTTPS proxy for measurements: forwards each exchange to the reference target (trusting its CA), records
// (method, path, project, body, headers) of every request, and can delay each response by `delayMs`. Links in the
// answers (bodies and Location) name the proxy instead of the target, so that a client following them stays on it.
import { once } from 'node:events';
import { request as httpsRequest, createServer, Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateCertificate } from '../reference/cert.ts';

export interface Recorded {
  method: string;
  path: string;
  project: string | undefined;
  body?: string;
  headers: Record<string, string>;
  status?: number;
}
export interface Proxy {
  url: string;
  caPem: string;
  recorded: Recorded[];
  close(): Promise<void>;
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'proxy-connection', 'upgrade']);

export function projectOf(path: string): string | undefined {
  return /\/groups\/([0-9a-fA-F]{24})(?:[/?]|$)/.exec(path)?.[1];
}

export async function startProxy(upstreamUrl: string, upstreamCa: string, delayMs = 0): Promise<Proxy> {
  const cert = await generateCertificate();
  const upstream = new URL(upstreamUrl);
  const agents = new Map<string, Agent>();
  const agentFor = (localAddress: string) => {
    let a = agents.get(localAddress);
    if (!a) {
      a = new Agent({ ca: upstreamCa, keepAlive: true, localAddress });
      agents.set(localAddress, a);
    }
    return a;
  };
  const recorded: Recorded[] = [];
  let ownOrigin = '';
  const relink = (text: string) => text.split(upstream.origin).join(ownOrigin);
  const server = createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (!HOP.has(k) && v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const entry: Recorded = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        project: projectOf(req.url ?? '/'),
        headers,
        ...(body.length ? { body: body.toString('utf8') } : {}),
      };
      recorded.push(entry);
      // Sent from the caller's own address, so the target's access lists see the same caller.
      const local = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
      const up = httpsRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          agent: agentFor(local),
          headers: {
            ...headers,
            host: upstream.host,
            ...(body.length ? { 'content-length': String(body.length) } : {}),
          },
        },
        (upRes) => {
          const out: Buffer[] = [];
          upRes.on('data', (c: Buffer) => out.push(c));
          upRes.on('end', async () => {
            entry.status = upRes.statusCode;
            if (delayMs) await sleep(delayMs);
            const h = { ...upRes.headers };
            for (const k of HOP) delete h[k];
            if (typeof h.location === 'string') h.location = relink(h.location);
            const answer = Buffer.concat(out);
            const payload = answer.includes(upstream.origin) ? Buffer.from(relink(answer.toString('utf8'))) : answer;
            if (req.method !== 'HEAD' && (upRes.headers['content-length'] !== undefined || payload.length))
              h['content-length'] = String(payload.length);
            res.writeHead(upRes.statusCode ?? 502, h);
            res.end(payload);
          });
        },
      );
      up.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      up.end(body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  ownOrigin = `https://127.0.0.1:${port}`;
  return {
    url: ownOrigin,
    caPem: cert.cert,
    recorded,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      for (const a of agents.values()) a.destroy();
    },
  };
}
