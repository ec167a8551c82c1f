// `--faults RATE[:KIND,...]`: at the given rate, an answer is replaced by a fault a client must survive: a 503 with
// Retry-After, a connection reset, a hang (no answer at all), or a slow body (the answer dripped in small pieces).
// The service-account endpoints are spared, so that a client can still sign in to meet the faults.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const FAULT_KINDS = ['503', 'reset', 'hang', 'slow'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export interface FaultOptions {
  rate: number;
  kinds: FaultKind[];
  random?: () => number;
}

const SLOW_PIECES = 8;
const SLOW_PAUSE_MS = 250;
const slowed = new WeakSet<FastifyRequest>();

/** `0.1` or `0.1:503,reset`: a rate between 0 and 1 and, optionally, the kinds to draw from (default all). */
export function parseFaults(text: string): FaultOptions {
  const [rateText, kindsText] = text.split(':', 2);
  const rate = Number(rateText);
  if (!/^\d*\.?\d+$/.test(rateText ?? '') || rate > 1)
    throw new Error(`--faults needs a rate from 0 to 1, got ${rateText}`);
  const kinds = kindsText === undefined ? [...FAULT_KINDS] : kindsText.split(',');
  const unknown = kinds.find((k) => !(FAULT_KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) throw new Error(`--faults: unknown kind ${unknown} (kinds: ${FAULT_KINDS.join(', ')})`);
  return { rate, kinds: kinds as FaultKind[] };
}

export function injectFaults(app: FastifyInstance, options: FaultOptions, spared: string[]): void {
  const random = options.random ?? Math.random;
  app.addHook('onRequest', async (req, reply) => {
    if (spared.includes(req.url.split('?')[0]!) || random() >= options.rate) return;
    const kind = options.kinds[Math.floor(random() * options.kinds.length)]!;
    if (kind === 'slow') {
      slowed.add(req);
      return;
    }
    if (kind === '503') {
      const body = {
        detail: 'The service is temporarily unavailable.',
        error: 503,
        errorCode: 'SERVICE_UNAVAILABLE',
        parameters: [],
        reason: 'Service Unavailable',
      };
      await reply
        .code(503)
        .header('Retry-After', '1')
        .header('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      return reply;
    }
    if (kind === 'reset') {
      req.raw.socket.destroy();
      return reply.hijack();
    }
    // hang: nothing is ever sent; the request ends when the client gives up.
    reply.hijack();
    await once(req.raw.socket, 'close');
    return reply;
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!slowed.has(req) || payload === null || payload === undefined) return payload;
    const bytes = Buffer.isBuffer(payload) ? payload : typeof payload === 'string' ? Buffer.from(payload) : undefined;
    return bytes ? Readable.from(drip(bytes)) : payload;
  });
}

async function* drip(bytes: Buffer): AsyncGenerator<Buffer> {
  const size = Math.max(1, Math.ceil(bytes.length / SLOW_PIECES));
  for (let at = 0; at < bytes.length; at += size) {
    if (at > 0) await sleep(SLOW_PAUSE_MS);
    yield bytes.subarray(at, at + size);
  }
}
