// The judge of a refused write: its body carries the change, it is sent as the refusal says, and an effect read back
// fails the rule only where the write was refused.
import { describe, expect, it } from 'vitest';
import { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';
import {
  changingBody,
  effectOf,
  expectNoEffect,
  sendRefusable,
  type RefusableWrite,
} from '../../src/probes/refused-write.ts';
import type { Target } from '../../src/target/target.ts';

function response(status: number, body: object = {}): HttpResponse {
  const exchange = {
    request: { method: 'PATCH', url: 'http://target/api', headers: {} },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
  return new HttpResponse(status, {}, Buffer.from(JSON.stringify(body)), exchange);
}

const patch: RefusableWrite = {
  method: 'PATCH',
  path: '/groups/g/alertConfigs/a',
  body: { enabled: true, notifications: [] },
  key: 'id',
  generation: 'v1.0',
  change: { field: 'enabled', current: true, changed: false },
};
const create: RefusableWrite = {
  method: 'POST',
  path: '/groups/g/alertConfigs',
  body: { eventTypeName: 'NO_PRIMARY' },
  key: 'id',
  generation: 'v2',
};
const remove: RefusableWrite = {
  method: 'DELETE',
  path: '/groups/g/customDBRoles/roles/r',
  body: { roleName: 'r' },
  key: 'roleName',
  generation: 'v1.0',
};

/** A target that records what it is sent and answers each request with the next status. */
function answering(...statuses: number[]): { t: Target; sent: Record<string, unknown>[] } {
  const sent: Record<string, unknown>[] = [];
  const t = {
    v2: (p: string) => `/v2${p}`,
    legacy: (p: string) => `/v1.0${p}`,
    send: async (req: Record<string, unknown>) => {
      sent.push(req);
      return response(statuses[sent.length - 1]!);
    },
  };
  return { t: t as unknown as Target, sent };
}

describe('refusable writes', () => {
  it('carry the change of an update, and a create as it is', () => {
    expect(changingBody(patch)).toEqual({ enabled: false, notifications: [] });
    expect(changingBody(create)).toBe(create.body);
  });

  it('go out as the refusal says: credential, address, method, and legacy writes as plain JSON', async () => {
    const { t, sent } = answering(403, 403);
    await sendRefusable(t, patch, { as: 'readOnly', localAddress: '127.0.0.2', method: 'PUT' });
    await sendRefusable(t, create, { as: 'outsider' });
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/v1.0/groups/g/alertConfigs/a',
      as: 'readOnly',
      localAddress: '127.0.0.2',
      version: null,
      json: { enabled: false },
    });
    expect(sent[0]!.headers).toEqual({ accept: 'application/json' });
    expect(sent[1]).toMatchObject({
      method: 'POST',
      path: '/v2/groups/g/alertConfigs',
      as: 'outsider',
      json: create.body,
    });
    expect(sent[1]).not.toHaveProperty('version');
  });
});

describe('a refused DELETE', () => {
  it('goes out without a body', async () => {
    const { t, sent } = answering(403);
    await sendRefusable(t, remove, { as: 'readOnly' });
    expect(sent[0]).toMatchObject({
      method: 'DELETE',
      path: '/v1.0/groups/g/customDBRoles/roles/r',
      as: 'readOnly',
      version: null,
    });
    expect(sent[0]).not.toHaveProperty('json');
  });

  it('is read back by the owner in its generation: gone is deleted, there is no effect, anything else unjudged', async () => {
    const gone = answering(404);
    await expect(effectOf(gone.t, remove, response(403))).resolves.toBe('deleted');
    expect(gone.sent[0]).toMatchObject({ method: 'GET', path: '/v1.0/groups/g/customDBRoles/roles/r', version: null });
    expect(gone.sent[0]).not.toHaveProperty('as');
    await expect(effectOf(answering(200).t, remove, response(403))).resolves.toBeUndefined();
    await expect(effectOf(answering(503).t, remove, response(403))).rejects.toThrow(TargetError);
  });
});

/** A target whose owner reads `entity` wherever a check reads, and takes every other request; it records them. */
function reading(entity: object): { t: Target; sent: Record<string, unknown>[] } {
  const sent: Record<string, unknown>[] = [];
  const send = async (req: Record<string, unknown>) => {
    sent.push(req);
    return req.method === 'GET' ? response(200, entity) : response(200);
  };
  const t = {
    v2: (p: string) => `/v2${p}`,
    legacy: (p: string) => `/v1.0${p}`,
    send,
    get: (path: string) => send({ method: 'GET', path }),
  };
  return { t: t as unknown as Target, sent };
}

describe('a change taken', () => {
  it("is put back in the write's generation, or under /v2 in the version its undo names", async () => {
    const legacy = reading({ enabled: false });
    await expect(effectOf(legacy.t, patch, response(200))).resolves.toBe('changed');
    expect(legacy.sent.at(-1)).toEqual({
      method: 'PATCH',
      path: '/v1.0/groups/g/alertConfigs/a',
      version: null,
      headers: { accept: 'application/json' },
      json: { enabled: true },
    });
    const acknowledgement: RefusableWrite = {
      method: 'PATCH',
      path: '/groups/g/alerts/a',
      body: { acknowledgedUntil: '2030-01-02T03:04:05Z' },
      key: 'id',
      generation: 'v1.0',
      change: { field: 'acknowledgementComment', current: undefined, changed: 'r1-acknowledged' },
      undo: { unacknowledgeAlert: true },
      undoVersion: '2024-05-30',
    };
    const withdrawn = reading({ acknowledgementComment: 'r1-acknowledged' });
    await expect(effectOf(withdrawn.t, acknowledgement, response(200))).resolves.toBe('changed');
    expect(withdrawn.sent.at(-1)).toEqual({
      method: 'PATCH',
      path: '/v2/groups/g/alerts/a',
      version: '2024-05-30',
      json: { unacknowledgeAlert: true },
    });
  });
});

describe('no effect of a refused write', () => {
  it('fails a refused write that created, changed or deleted the entity', () => {
    expect(() => expectNoEffect(response(403), 'created', 'x')).toThrow(/refused, yet it created/);
    expect(() => expectNoEffect(response(429), 'changed', 'x')).toThrow(RuleFailure);
    expect(() => expectNoEffect(response(403), 'deleted', 'x')).toThrow(/refused, yet it deleted/);
  });

  it('passes a refusal without effect, and leaves accepted writes to the rules of their status', () => {
    expect(() => expectNoEffect(response(405), undefined, 'x')).not.toThrow();
    expect(() => expectNoEffect(response(200), 'changed', 'x')).not.toThrow();
  });
});
