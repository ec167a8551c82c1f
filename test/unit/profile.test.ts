// Profile validation: defaults from the real service, and errors that name the field at fault.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProfile, loadProfile, ProfileError, resolveCredentials } from '../../src/profile/load.ts';

const minimal = () => ({
  name: 't',
  baseUrl: 'https://api.example.test',
  credentials: { owner: { publicKeyEnv: 'T_PUB', privateKeyEnv: 'T_PRIV' } },
});

function errorOf(value: unknown): string {
  try {
    checkProfile(value, 'p.json');
  } catch (e) {
    expect(e).toBeInstanceOf(ProfileError);
    return (e as Error).message;
  }
  throw new Error('the profile was accepted');
}

describe('profile', () => {
  it('fills in the real service defaults', () => {
    const p = checkProfile(minimal(), 'p.json');
    expect(p.vendor).toBe('platform');
    expect(p.paging).toMatchObject({
      pageNumParam: 'pageNum',
      itemsPerPageParam: 'itemsPerPage',
      includeCountParam: 'includeCount',
      totalCountField: 'totalCount',
      maxItemsPerPage: 500,
    });
    expect(p.envelope).toEqual({ statusField: 'status', contentField: 'content' });
    expect(p.links).toEqual({ relField: 'rel', hrefField: 'href' });
    expect(p.rateLimit).toMatchObject({ limit: 100, windowSeconds: 60 });
    expect(p.allowBillable).toBe(false);
    expect(p.events.ndsAuditTypes).toEqual(
      expect.arrayContaining(['CLUSTER_CREATED', 'AUTO_HEALING_REQUESTED_NODE_RESYNC', 'FTDC_SETTINGS_UPDATED']),
    );
    expect(p.events.ndsAuditTypes).not.toContain('PRIMARY_ELECTED');
  });

  it('names a misspelt field', () => {
    expect(errorOf({ ...minimal(), paging: { pageNumParm: 'x' } })).toBe(
      'p.json: paging.pageNumParm: unknown field (did you mean pageNumParam?)',
    );
    expect(errorOf({ ...minimal(), xyzzy: 1 })).toBe('p.json: xyzzy: unknown field');
  });

  it('names a misspelt credential role', () => {
    const key = { publicKeyEnv: 'R_PUB', privateKeyEnv: 'R_PRIV' };
    expect(errorOf({ ...minimal(), credentials: { ...minimal().credentials, readonly: key } })).toBe(
      'p.json: credentials.readonly: unknown field (did you mean readOnly?)',
    );
    expect(
      checkProfile({ ...minimal(), credentials: { ...minimal().credentials, readOnly: key } }, 'p.json'),
    ).toBeTruthy();
  });

  it('names a missing field', () => {
    const { baseUrl: _b, ...rest } = minimal();
    expect(errorOf(rest)).toBe('p.json: baseUrl: required field is missing');
  });

  it('names a field of the wrong type inside a credential', () => {
    expect(errorOf({ ...minimal(), credentials: { owner: { publicKeyEnv: 'A', privateKeyEnv: 3 } } })).toMatch(
      /^p\.json: credentials\.owner\.privateKeyEnv: /,
    );
  });

  it('says in words what is wrong with a base URL that is not scheme, host and port', () => {
    expect(errorOf({ ...minimal(), baseUrl: 'https://h/api/platform/v2' })).toBe(
      "p.json: baseUrl: 'https://h/api/platform/v2' has a path (/api/platform/v2); expected https:// or http:// with a host and an optional port only, such as https://h",
    );
    expect(errorOf({ ...minimal(), baseUrl: 'https://h:8443/?x=1' })).toMatch(
      /has a path \(\?x=1\); .* such as https:\/\/h:8443$/,
    );
    expect(errorOf({ ...minimal(), baseUrl: 'cloud.example.com' })).toBe(
      "p.json: baseUrl: 'cloud.example.com' is not a URL; expected https:// or http:// with a host and an optional port only, such as https://cloud.example.com",
    );
    expect(errorOf({ ...minimal(), plainHttpUrl: 'https://h' })).toMatch(
      /^p\.json: plainHttpUrl: 'https:\/\/h' starts with https:\/\/; expected http:\/\/ /,
    );
    expect(checkProfile({ ...minimal(), baseUrl: 'https://h:8443/' }, 'p.json').baseUrl).toBe('https://h:8443/');
  });

  it('names tls.caFile and its path when the file is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profile-'));
    const file = join(dir, 'p.json');
    writeFileSync(file, JSON.stringify({ ...minimal(), tls: { caFile: 'ca.pem' } }));
    expect(() => loadProfile(file)).toThrow(
      new ProfileError(`${file}: tls.caFile: no such file: ${join(dir, 'ca.pem')}`),
    );
    writeFileSync(join(dir, 'ca.pem'), 'pem');
    expect(loadProfile(file).tls.caFile).toBe(join(dir, 'ca.pem'));
  });

  it('names an environment variable that is not set', () => {
    const p = checkProfile(minimal(), 'p.json');
    expect(() => resolveCredentials(p, { T_PUB: 'k' })).toThrow(
      'credentials.owner.privateKeyEnv: environment variable T_PRIV is not set',
    );
    expect(resolveCredentials(p, { T_PUB: 'k', T_PRIV: 's' }).owner).toMatchObject({
      publicKey: 'k',
      privateKey: 's',
      env: { privateKey: 'T_PRIV' },
    });
  });

  it('reports a file that is not JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'bad.json');
    writeFileSync(file, '{ "name": ');
    expect(() => loadProfile(file)).toThrow(/bad\.json: not valid JSON/);
  });

  it('loads the shipped profiles', () => {
    for (const f of ['config/reference.json', 'config/real-service.example.json'])
      expect(loadProfile(f).name).toBeTruthy();
  });
});
