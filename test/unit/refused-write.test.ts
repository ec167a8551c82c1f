// The judge of a refused write: its body carries the change, it is sent as the refusal says, and an effect read back
// fails the rule only where the write was refused.
import { describe, expect, it } from 'vitest';
import { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure } from '../../src/outcome.ts';
import { changingBody, expectNoEffect, sendRefusable, type RefusableWrite } from '../../src/probes/refused-write.ts';
import type { Target } from '../../src/target/target.ts';

function response(status: number): HttpResponse {
  const exchange = { request: { method: 'PATCH', url: 'http://target/api', headers: {} }, startedAt: new Date(0).toISOString(), durationMs: 0 };
  return new HttpResponse(status, {}, Buffer.from('{}'), exchange);
}

const patch: RefusableWrite = {
  method: 'PATCH', path: '/groups/g/alertConfigs/a', body: { enabled: true, notifications: [] }, key: 'id', generation: 'v1.0',
  change: { field: 'enabled', current: true, changed: false },
};
const create: RefusableWrite = { method: 'POST', path: '/groups/g/alertConfigs', body: { eventTypeName: 'NO_PRIMARY' }, key: 'id', generation: 'v2' };

describe('refusable writes', () => {
  it('carry the change of an update, and a create as it is', () => {
    expect(changingBody(patch)).toEqual({ enabled: false, notifications: [] });
    expect(changingBody(create)).toBe(create.body);
  });

  it('go out as the refusal says: credential, address, method, and legacy writes as plain JSON', async () => {
    const sent: Record<string, unknown>[] = [];
    const t = { v2: (p: string) => `/v2${p}`, legacy: (p: string) => `/v1.0${p}`, send: async (req: Record<string, unknown>) => (sent.push(req), response(403)) } as unknown as Target;
    await sendRefusable(t, patch, { as: 'readOnly', localAddress: '127.0.0.2', method: 'PUT' });
    await sendRefusable(t, create, { as: 'outsider' });
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/v1.0/groups/g/alertConfigs/a', as: 'readOnly', localAddress: '127.0.0.2', version: null, json: { enabled: false } });
    expect(sent[0]!.headers).toEqual({ accept: 'application/json' });
    expect(sent[1]).toMatchObject({ method: 'POST', path: '/v2/groups/g/alertConfigs', as: 'outsider', json: create.body });
    expect(sent[1]).not.toHaveProperty('version');
  });
});

describe('no effect of a refused write', () => {
  it('fails a refused write that created or changed the entity', () => {
    expect(() => expectNoEffect(response(403), 'created', 'x')).toThrow(/refused, yet it created/);
    expect(() => expectNoEffect(response(429), 'changed', 'x')).toThrow(RuleFailure);
  });

  it('passes a refusal without effect, and leaves accepted writes to the rules of their status', () => {
    expect(() => expectNoEffect(response(405), undefined, 'x')).not.toThrow();
    expect(() => expectNoEffect(response(200), 'changed', 'x')).not.toThrow();
  });
});
