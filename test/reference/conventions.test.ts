// The reference target's general conventions: errors (spec 7), methods (4.1), lists (2.3), envelope (2.4),
// pretty printing (2.1), versioning (9), content types, HTTPS only (1).
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, V1, V2, call, start, type Started } from './helpers.ts';

let s: Started;
beforeAll(async () => {
  s = await start({ plainHttpPort: 0 });
});
afterAll(async () => {
  await s.close();
});

const errorFields = ['detail', 'error', 'errorCode', 'parameters', 'reason'];

describe('errors', () => {
  it('answers an unknown path with RESOURCE_NOT_FOUND naming the path', async () => {
    const r = await call(s, `${V2}/groups/${IDS.groupA}/nothing?x=1`, { as: 'owner' });
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-error-code']).toBe('RESOURCE_NOT_FOUND');
    expect(r.json).toEqual({
      detail: `Cannot find resource ${V2}/groups/${IDS.groupA}/nothing.`,
      error: 404,
      errorCode: 'RESOURCE_NOT_FOUND',
      parameters: [`${V2}/groups/${IDS.groupA}/nothing`],
      reason: 'Not Found',
    });
  });

  it('names an unknown nested field and changes nothing', async () => {
    const r = await call(s, `${V2}/groups/${IDS.groupA}`, {
      as: 'owner',
      method: 'PATCH',
      body: { name: 'renamed', tags: [{ key: 'k', value: 'v', foo: 1 }] },
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ errorCode: 'INVALID_ATTRIBUTE', parameters: ['tags[0].foo'] });
    expect(r.json.detail).toContain('tags[0].foo');
    expect((await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'owner' })).json.name).toBe('conformance-a');
  });

  it('refuses a read-only caller with 403 and changes nothing', async () => {
    const r = await call(s, `${V2}/groups/${IDS.groupA}`, {
      as: 'readOnly',
      method: 'PATCH',
      body: { name: 'renamed' },
    });
    expect(r.status).toBe(403);
    expect(Object.keys(r.json).sort()).toEqual(errorFields);
    expect((await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'readOnly' })).json.name).toBe('conformance-a');
  });

  it('answers malformed JSON with 400 and a non-JSON content type with 415', async () => {
    expect((await call(s, `${V2}/groups`, { as: 'owner', method: 'POST', body: '{"name":' })).json.errorCode).toBe(
      'INVALID_JSON',
    );
    const r = await call(s, `${V2}/groups`, {
      as: 'owner',
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(r.status).toBe(415);
    expect(Object.keys(r.json).sort()).toEqual(errorFields);
  });
});

describe('methods', () => {
  it('answers an unsupported method with 405 and Allow', async () => {
    const r = await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'owner', method: 'PUT', body: {} });
    expect(r.status).toBe(405);
    expect(r.json.errorCode).toBe('METHOD_NOT_ALLOWED');
    expect(r.headers.allow).toBe('GET, PATCH, DELETE, HEAD');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'owner', method: 'HEAD' });
    const get = await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'owner' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });
});

describe('lists', () => {
  it('pages with self, next and previous links and totalCount', async () => {
    const r = await call(s, `${V2}/eventTypes?itemsPerPage=10&pageNum=2`, { as: 'owner' });
    expect(r.status).toBe(200);
    expect(r.json.results).toHaveLength(10);
    expect(r.json.totalCount).toBeGreaterThan(20);
    expect(r.json.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next', 'previous']);
    expect(r.json.links[1].href).toBe(`${s.target.url}${V2}/eventTypes?includeCount=true&itemsPerPage=10&pageNum=3`);
    expect(r.json.results[0].links).toHaveLength(1);
  });

  it('caps itemsPerPage at 500 and omits totalCount when includeCount=false', async () => {
    const r = await call(s, `${V2}/eventTypes?itemsPerPage=900&includeCount=false`, { as: 'owner' });
    expect(r.json.results).toHaveLength(500);
    expect(r.json).not.toHaveProperty('totalCount');
  });

  it('answers an empty list with 200 and a list in a missing project with 404', async () => {
    const empty = await call(s, `${V2}/groups/${IDS.groupEmpty}/clusters`, { as: 'owner' });
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ results: [], totalCount: 0 });
    expect((await call(s, `${V2}/groups/${IDS.missingGroup}/clusters`, { as: 'owner' })).status).toBe(404);
  });
});

describe('envelope and pretty', () => {
  it('wraps a single entity and adds status to a list', async () => {
    const one = await call(s, `${V2}/groups/${IDS.groupA}?envelope=true`, { as: 'owner' });
    expect(Object.keys(one.json).sort()).toEqual(['content', 'status']);
    expect(one.json.status).toBe(200);
    expect(one.json.content.id).toBe(IDS.groupA);
    const list = await call(s, `${V2}/groups?envelope=true`, { as: 'owner' });
    expect(list.json).toMatchObject({ status: 200, totalCount: 3 });
  });

  it('is compact by default and indented with pretty=true', async () => {
    expect((await call(s, `${V2}/groups/${IDS.groupA}`, { as: 'owner' })).text).not.toMatch(/\s/);
    const pretty = await call(s, `${V2}/groups/${IDS.groupA}?pretty=true`, { as: 'owner' });
    expect(pretty.text).toBe(JSON.stringify(pretty.json, null, 2));
  });
});

describe('versioning', () => {
  it('requires a versioned Accept header on v2 only', async () => {
    const r = await call(s, `${V2}/groups`, { as: 'owner', headers: { accept: 'application/json' } });
    expect(r.status).toBe(406);
    expect(r.json.errorCode).toBe('INVALID_VERSION_DATE');
    const legacy = await call(s, `${V1}/groups`, { as: 'owner', headers: { accept: 'application/json' } });
    expect(legacy.status).toBe(200);
    expect(legacy.headers['content-type']).toBe('application/json');
  });

  it('marks 2023-01-01 as deprecated and 2022-01-01 as gone', async () => {
    const old = await call(s, `${V2}/groups`, {
      as: 'owner',
      headers: { accept: 'application/vnd.platform.2023-01-01+json' },
    });
    expect(old.headers['content-type']).toBe('application/vnd.platform.2023-01-01+json;charset=utf-8');
    expect(old.headers.deprecation).toBe('Wed, 01 Feb 2023 00:00:00 GMT');
    expect(old.headers.sunset).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
    const gone = await call(s, `${V2}/groups`, {
      as: 'owner',
      headers: { accept: 'application/vnd.platform.2022-01-01+json' },
    });
    expect(gone.status).toBe(410);
    expect(gone.json.errorCode).toBe('VERSION_GONE');
  });
});

describe('HTTPS only', () => {
  it('redirects plain HTTP with an empty body', async () => {
    const res = await request(`${s.target.plainUrl}${V2}/groups`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${s.target.url}${V2}/groups`);
    expect(await res.body.text()).toBe('');
  });
});
