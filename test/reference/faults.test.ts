// --faults: answers replaced by the faults a client must survive (503, reset, hang, slow body); sign-in is spared.
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { parseFaults, type FaultKind } from '../../reference/faults.ts';
import { ACCEPT, V2, call, start, type Started } from './helpers.ts';

async function withFault<T>(kind: FaultKind, use: (s: Started) => Promise<T>): Promise<T> {
  const s = await start({ faults: { rate: 1, kinds: [kind] } });
  try {
    return await use(s);
  } finally {
    await s.close();
  }
}

const plainGet = (s: Started, signal?: AbortSignal) =>
  request(`${s.target.url}${V2}`, {
    headers: { accept: ACCEPT, authorization: 'Bearer service-account-token' },
    dispatcher: s.agent,
    signal,
  });

describe('--faults', () => {
  it('reads a rate and the kinds to draw from, and refuses others', () => {
    expect(parseFaults('0.25:503,slow')).toEqual({ rate: 0.25, kinds: ['503', 'slow'] });
    expect(parseFaults('1').kinds).toEqual(['503', 'reset', 'hang', 'slow']);
    expect(() => parseFaults('2')).toThrow(/rate/);
    expect(() => parseFaults('0.5:teapot')).toThrow(/teapot/);
  });

  it('answers 503 with Retry-After and an error body', async () => {
    await withFault('503', async (s) => {
      const res = await call(s, V2, { as: 'serviceAccount' });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json.errorCode).toBe('SERVICE_UNAVAILABLE');
    });
  });

  it('tears the connection down on a reset', async () => {
    await withFault('reset', async (s) => {
      await expect(plainGet(s)).rejects.toThrow();
    });
  });

  it('never answers on a hang, until the client gives up', async () => {
    await withFault('hang', async (s) => {
      const gaveUp = new AbortController();
      const pending = plainGet(s, gaveUp.signal);
      const first = await Promise.race([
        pending.then(
          () => 'answered',
          () => 'failed',
        ),
        new Promise((resolve) => setImmediate(() => setImmediate(() => resolve('waiting')))),
      ]);
      gaveUp.abort();
      expect(first).toBe('waiting');
      await expect(pending).rejects.toThrow();
    });
  });

  it('drips a slow body that still arrives whole', async () => {
    await withFault('slow', async (s) => {
      const res = await call(s, V2, { as: 'serviceAccount' });
      expect(res.status).toBe(200);
      expect(res.json.links.some((l: { rel: string }) => l.rel === 'self')).toBe(true);
    });
  });

  it('spares the service-account sign-in', async () => {
    await withFault('503', async (s) => {
      const res = await request(`${s.target.url}/api/oauth/token`, {
        method: 'POST',
        dispatcher: s.agent,
        body: 'grant_type=client_credentials',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      await res.body.text();
      expect(res.statusCode).toBe(401); // no client credentials were configured: the token endpoint itself answered
    });
  });
});
