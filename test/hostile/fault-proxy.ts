// A TLS proxy between the suite and the reference target that, by scenario, breaks some of the answers: the
// hostile target the suite must survive. It forwards each request from the address the client used (the
// reference target's access lists judge it) and keeps a log of every request it saw and what it did to it.
import { Agent, request as httpsRequest, createServer, type Server } from 'node:https';
import { STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateCertificate } from '../../reference/cert.ts';
import { listenLocally } from '../support/local-server.ts';

export type Fault =
  /** The head and half the body, then the connection is torn down. */
  | { kind: 'reset' }
  /** The connection torn down before the request reaches the target: nothing was done, nothing answered. */
  | { kind: 'drop' }
  /** Forwarded, then the connection torn down before the head: the work was done, the answer lost. */
  | { kind: 'drop-after' }
  /** The head, then a byte now and then, never the end. */
  | { kind: 'drip' }
  /** Nothing at all: the request is never answered. */
  | { kind: 'silence' }
  /** Forwarded after a pause (a slow target). */
  | { kind: 'delay'; ms: number }
  /** Forwarded with this body instead of the one sent: a target that makes something of a body it should refuse. */
  | { kind: 'request-body'; text: string }
  /** Forwarded to this path and query instead of the one asked: a target that reads its parameters by other names. */
  | { kind: 'request-path'; path: string }
  /** The first half of the body, framed as if it were all of it. */
  | { kind: 'truncate' }
  /** A page that is not JSON, labelled as JSON. */
  | { kind: 'invalid-json' }
  /** The JSON body inside an array: an array where an entity (or a list) belongs. */
  | { kind: 'wrong-type' }
  /** A JSON body of 2 MB. */
  | { kind: 'huge' }
  /** This status with an error body (and these headers), instead of forwarding (a gateway, an overloaded service, a
   * rate limit, a wrong answer). */
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  /** Forwarded, then this status with an error body instead of the target's answer: the work was done, the answer lost. */
  | { kind: 'status-after'; status: number }
  /** The body of the answer replaced by this text (a target that is not the API, or answers with the wrong thing). */
  | { kind: 'replace-body'; text: string }
  /** The header sent twice, with different values. */
  | { kind: 'duplicate-header'; name: string; values: [string, string] }
  /** The header left out. */
  | { kind: 'drop-header'; name: string }
  /** The body of the answer, whatever its status, rewritten (undefined: left as it came): a target with words of its
   * own. */
  | { kind: 'rewrite'; rewrite: (status: number, text: string) => string | undefined };

export interface SeenRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  /** How many requests with this method and path (without query) came before this one. */
  repeat: number;
}

/** The fault to inflict on a request, if any. Faults of the body only touch 2xx answers that have a body; a rewrite
 * touches any answer. */
export type Scenario = (req: SeenRequest) => Fault | undefined;

export interface LogEntry extends SeenRequest {
  /** Status the proxy answered with (none when it never answered or broke off before the head). */
  status?: number;
  /** The fault inflicted, when one was. */
  fault?: Fault['kind'];
  /** For a POST answered 2xx: the answer's body, to tell what the request created. */
  created?: string;
}

export interface FaultProxy {
  url: string;
  /** CA of the proxy's certificate (a profile's tls.caFile). */
  caPem: string;
  log: LogEntry[];
  close(): Promise<void>;
}

/** Response header naming the fault inflicted on an answer that has a head. */
export const faultHeader = 'x-injected-fault';

const bodyFaults = new Set<Fault['kind']>([
  'reset',
  'drip',
  'truncate',
  'invalid-json',
  'wrong-type',
  'huge',
  'replace-body',
]);

export async function startFaultProxy(
  upstream: { url: string; caPem: string },
  scenario: Scenario,
): Promise<FaultProxy> {
  const certificate = await generateCertificate();
  const target = new URL(upstream.url);
  const agents = new Map<string, Agent>();
  const agentFrom = (address: string) => {
    let agent = agents.get(address);
    if (!agent) {
      agent = new Agent({ keepAlive: true, ca: upstream.caPem, localAddress: address });
      agents.set(address, agent);
    }
    return agent;
  };
  const log: LogEntry[] = [];
  const repeats = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    const key = `${req.method} ${req.url!.split('?')[0]}`;
    const seen: SeenRequest = { method: req.method!, path: req.url!, repeat: repeats.get(key) ?? 0 };
    repeats.set(key, seen.repeat + 1);
    const entry: LogEntry = { ...seen };
    log.push(entry);
    const fault = scenario(seen);
    void readAll(req)
      .then(async (body) => {
        // Faults that stand in for the target: it is not asked, or asked late.
        const { kind } = fault ?? {};
        const standIns = ['silence', 'status', 'delay', 'request-body', 'request-path', 'drop'];
        if (kind !== undefined && standIns.includes(kind)) entry.fault = kind;
        const sent = fault?.kind === 'request-body' ? Buffer.from(fault.text) : body;
        if (fault?.kind === 'silence') return;
        if (fault?.kind === 'drop') return void res.socket?.destroy();
        if (fault?.kind === 'status')
          return send(
            res,
            entry,
            fault.status,
            { 'content-type': 'application/json', ...fault.headers },
            errorBody(fault.status),
          );
        if (fault?.kind === 'delay') await sleep(fault.ms);
        const path = fault?.kind === 'request-path' ? fault.path : req.url!;
        const answer = await forward(req, path, sent, target, agentFrom(req.socket.remoteAddress ?? '127.0.0.1'));
        if (req.method === 'POST' && answer.status < 300) entry.created = answer.body.toString('utf8');
        if (fault?.kind === 'rewrite') {
          const text = fault.rewrite(answer.status, answer.body.toString('utf8'));
          if (text === undefined) return pass(res, entry, answer);
          entry.fault = fault.kind;
          return send(res, entry, answer.status, answer.headers, Buffer.from(text));
        }
        if (
          !fault ||
          fault.kind === 'delay' ||
          fault.kind === 'request-body' ||
          fault.kind === 'request-path' ||
          (bodyFaults.has(fault.kind) && !hasEntityBody(answer))
        )
          return pass(res, entry, answer);
        entry.fault = fault.kind;
        inflict(fault, res, entry, answer, timers);
      })
      .catch(() => res.destroy());
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('secureConnection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    url: await listenLocally(server, 'https'),
    caPem: certificate.cert,
    log,
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const a of agents.values()) a.destroy();
    },
  };
}

interface Answer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Faults of the target's answer. */
type AnswerFault = Exclude<
  Fault,
  { kind: 'silence' | 'status' | 'delay' | 'request-body' | 'request-path' | 'drop' | 'rewrite' }
>;

const hasEntityBody = (a: Answer) => a.status >= 200 && a.status < 300 && a.body.length > 0;

function inflict(
  fault: AnswerFault,
  res: ServerResponse,
  entry: LogEntry,
  a: Answer,
  timers: Set<NodeJS.Timeout>,
): void {
  const half = a.body.subarray(0, Math.floor(a.body.length / 2));
  switch (fault.kind) {
    case 'reset':
      head(res, entry, a.status, a.headers, a.body.length);
      res.write(half, () => res.socket?.destroy());
      return;
    case 'truncate':
      send(res, entry, a.status, a.headers, half);
      return;
    case 'drip': {
      head(res, entry, a.status, a.headers, a.body.length);
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed || i >= a.body.length - 1) return;
        res.write(a.body.subarray(i, ++i));
      }, 200);
      timers.add(timer);
      res.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
      });
      return;
    }
    case 'invalid-json':
      send(res, entry, a.status, a.headers, Buffer.from('<html><body>502 Bad Gateway</body></html>'));
      return;
    case 'wrong-type':
      send(res, entry, a.status, a.headers, Buffer.concat([Buffer.from('['), a.body, Buffer.from(']')]));
      return;
    case 'replace-body':
      send(res, entry, a.status, a.headers, Buffer.from(fault.text));
      return;
    case 'drop-after':
      res.socket?.destroy();
      return;
    case 'status-after':
      send(res, entry, fault.status, { 'content-type': 'application/json' }, errorBody(fault.status));
      return;
    case 'huge':
      send(res, entry, a.status, a.headers, Buffer.from(JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) })));
      return;
    case 'duplicate-header':
      send(res, entry, a.status, { ...a.headers, [fault.name.toLowerCase()]: fault.values }, a.body);
      return;
    case 'drop-header': {
      const { [fault.name.toLowerCase()]: _dropped, ...rest } = a.headers;
      send(res, entry, a.status, rest, a.body);
      return;
    }
  }
}

/** The upstream answer as it came (a HEAD keeps the Content-Length of the body it leaves out). */
function pass(res: ServerResponse, entry: LogEntry, a: Answer): void {
  entry.status = a.status;
  const length = a.headers['content-length'] ?? String(a.body.length);
  res.writeHead(a.status, { ...withoutFraming(a.headers), 'content-length': length });
  res.end(a.body);
}

/** The head of a faulted answer: marked, so that a test can tell the evidence it corrupted. */
function head(
  res: ServerResponse,
  entry: LogEntry,
  status: number,
  headers: OutgoingHttpHeaders,
  length: number,
): void {
  entry.status = status;
  res.writeHead(status, { ...withoutFraming(headers), 'content-length': String(length), [faultHeader]: entry.fault });
}

function send(res: ServerResponse, entry: LogEntry, status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
  head(res, entry, status, headers, body.length);
  res.end(body);
}

/** Headers of the upstream answer that describe its framing, which the proxy sets itself. */
function withoutFraming(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const { 'content-length': _l, 'transfer-encoding': _t, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

function errorBody(status: number): Buffer {
  return Buffer.from(
    JSON.stringify({
      detail: 'Injected by the fault proxy.',
      error: status,
      errorCode: 'INJECTED_FAULT',
      parameters: [],
      reason: STATUS_CODES[status],
    }),
  );
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function forward(req: IncomingMessage, path: string, body: Buffer, target: URL, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { connection: _c, 'keep-alive': _k, ...headers } = req.headers;
    const out = httpsRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path,
        agent,
        // The Host header is passed on: the target builds its links from it, so they lead back through the proxy.
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        void readAll(res).then((b) => resolve({ status: res.statusCode!, headers: res.headers, body: b }), reject);
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}
