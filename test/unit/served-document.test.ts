// The target's OpenAPI document read through faults (src/surface/target-surface.ts): a fault on one reading is read
// past; a refusal, or the same answer that is not a document twice, is the profile's fact (surface.openapi); a fault
// that persists, or two faults of different kinds, is the target's, and is not kept for the run: the next rule that
// needs the surface asks again.
import { describe, expect, it, vi } from 'vitest';
import { HttpResponse } from '../../src/http/messages.ts';
import { ProfileFactError, TargetError } from '../../src/outcome.ts';
import { servedDocument, targetSurface } from '../../src/surface/target-surface.ts';

// Outside a run, values made once per run are made once per test file.
vi.mock('../../src/harness/per-run.ts', () => ({
  once: (() => {
    const values = new Map<string, unknown>();
    return <T>(key: string, make: () => T): T => {
      if (!values.has(key)) values.set(key, make());
      return values.get(key) as T;
    };
  })(),
}));

const path = '/api/platform/openapi.json';
const document = { openapi: '3.1.0', paths: {} };

/** An answer to the document GET. */
function answer(status: number, text: string): HttpResponse {
  const exchange = {
    request: { method: 'GET', url: `https://target.test${path}`, headers: {} },
    response: { status, headers: {}, body: text, bodyBytes: Buffer.byteLength(text) },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  };
  return new HttpResponse(status, { 'content-type': 'application/json' }, Buffer.from(text), exchange);
}

const reset = new TargetError('reset', `GET ${path}: socket hang up`);
const ok = answer(200, JSON.stringify(document));

/** A target whose readings of the document go as `script` says, and how many it was asked for. */
function scripted(...script: (HttpResponse | TargetError)[]) {
  const asked = { count: 0 };
  const send = async () => {
    const next = script[asked.count++];
    if (next === undefined) throw new Error('read once too often');
    if (next instanceof TargetError) throw next;
    return next;
  };
  return { t: { send } as never, asked };
}

describe('the document the target serves', () => {
  it('is read past a reset or a body that is not JSON on its first reading', async () => {
    for (const first of [reset, answer(200, '{"openapi": "3.1'), answer(200, '[]')]) {
      const { t, asked } = scripted(first, ok);
      expect(await servedDocument(t, path)).toEqual(document);
      expect(asked.count).toBe(2);
    }
  });

  it('is read once when the first reading gives it', async () => {
    const { t, asked } = scripted(ok);
    expect(await servedDocument(t, path)).toEqual(document);
    expect(asked.count).toBe(1);
  });

  it('is the profile’s fact when refused, or when the same answer that is not a document comes twice', async () => {
    const refused = scripted(answer(404, '{}'));
    await expect(servedDocument(refused.t, path)).rejects.toThrow(ProfileFactError);
    expect(refused.asked.count).toBe(1);
    const twice = scripted(answer(200, '[]'), answer(200, '[1]'));
    const error = await servedDocument(twice.t, path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfileFactError);
    expect((error as ProfileFactError).fact).toBe('surface.openapi');
  });

  it('is the target’s error when a fault persists or two faults differ', async () => {
    await expect(servedDocument(scripted(reset, reset).t, path)).rejects.toThrow(TargetError);
    await expect(servedDocument(scripted(reset, answer(200, 'not json')).t, path)).rejects.toThrow(TargetError);
    await expect(servedDocument(scripted(answer(200, '[]'), answer(200, 'x')).t, path)).rejects.toThrow(TargetError);
  });
});

describe("the run's surface read from the document", () => {
  it('is asked for again after a fault that persisted, and kept once read', async () => {
    const { t: sender, asked } = scripted(reset, reset, ok);
    const t = { ...(sender as object), profile: { surface: { openapi: path }, vendor: 'platform' } } as never;
    await expect(targetSurface(t)).rejects.toThrow(TargetError);
    expect(asked.count).toBe(2);
    expect((await targetSurface(t)).source).toBe(path);
    await targetSurface(t);
    expect(asked.count).toBe(3);
  });
});
