// HEAD then GET on one kept-alive connection (TLS for https://, plain TCP for http://), read as raw bytes: a body sent after a HEAD answer's headers would
// be taken for the start of the next answer, which an HTTP client library discards or fails on without saying why.
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { TargetError } from '../outcome.ts';

export interface RawRequest {
  url: URL;
  /** Header lines for the HEAD and for the GET, each sent with Host. */
  head: Record<string, string>;
  get: Record<string, string>;
}

export interface HeadThenGet {
  /** The HEAD answer's status line and headers. */
  headLines: string;
  /** The bytes between the end of the HEAD answer's headers and the GET answer's status line (or the end). */
  between: Buffer;
  /** The GET answer's status line and headers, or undefined when none came. */
  getLines: string | undefined;
}

/** An answer's head as read off the connection: its status (0 where the status line is none) and its headers. */
export interface AnswerHead {
  status: number;
  /** A header's value by its name in any case, repeated ones joined with a comma; undefined where absent. */
  header(name: string): string | undefined;
}

/** Reads an answer's status line and header lines (`headLines`, `getLines`). */
export function answerHead(lines: string | undefined): AnswerHead {
  const [statusLine = '', ...fields] = (lines ?? '').split('\r\n');
  const headers = new Map<string, string>();
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    const name = field.slice(0, colon).trim().toLowerCase();
    const value = field.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return {
    status: Number(/^HTTP\/1\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0),
    header: (name) => headers.get(name.toLowerCase()),
  };
}

export interface RawOptions {
  ca?: string;
  insecure?: boolean;
  timeoutMs: number;
  localAddress?: string;
}

const requestText = (method: string, url: URL, headers: Record<string, string>) =>
  `${method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

/** Sends the HEAD, waits for its headers, sends the GET (closing the connection after it) and reads to the end. */
export function headThenGet(r: RawRequest, o: RawOptions): Promise<HeadThenGet> {
  return new Promise((resolve, reject) => {
    const host = r.url.hostname.replace(/^\[|\]$/g, '');
    const local = o.localAddress ? { localAddress: o.localAddress } : {};
    const tls = r.url.protocol === 'https:';
    const socket: Socket = tls
      ? tlsConnect({
          host,
          port: Number(r.url.port || 443),
          servername: /^[\d.]+$|:/.test(r.url.hostname) ? undefined : r.url.hostname,
          ca: o.ca,
          rejectUnauthorized: !o.insecure,
          ...local,
        })
      : tcpConnect({ host, port: Number(r.url.port || 80), ...local });
    const chunks: Buffer[] = [];
    let headEnd = -1;
    const fail = (cause: 'timeout' | 'transport', message: string) => {
      socket.destroy();
      reject(new TargetError(cause, `HEAD then GET of ${r.url}: ${message}`));
    };
    socket.setTimeout(o.timeoutMs, () => fail('timeout', `no answer within ${o.timeoutMs} ms`));
    socket.on('error', (e) => fail('transport', e.message));
    socket.once(tls ? 'secureConnect' : 'connect', () => socket.write(requestText('HEAD', r.url, r.head)));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (headEnd >= 0) return;
      headEnd = Buffer.concat(chunks).indexOf('\r\n\r\n');
      if (headEnd >= 0) socket.write(requestText('GET', r.url, { ...r.get, connection: 'close' }));
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      if (headEnd < 0) return fail('transport', "the connection ended before the HEAD answer's headers did");
      const rest = all.subarray(headEnd + 4);
      const next = rest.indexOf('HTTP/1.');
      const between = next < 0 ? rest : rest.subarray(0, next);
      const getEnd = rest.indexOf('\r\n\r\n', next);
      const getLines = next < 0 ? undefined : rest.subarray(next, getEnd < 0 ? undefined : getEnd).toString('latin1');
      socket.destroy();
      resolve({ headLines: all.subarray(0, headEnd).toString('latin1'), between, getLines });
    });
  });
}
