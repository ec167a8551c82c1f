// The reference target as a mock for client developers: --fixture, --state-file and --record (HAR 1.2, secrets
// redacted), through the command line as users start it, and through startReferenceTarget.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { IDS, SECRETS, V2, call, start, type Started } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'reference-mock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const user = (username: string) => ({ databaseName: 'admin', username, password: 'a-long-password', roles: [] });
const usernames = async (s: Started) =>
  (await call(s, `${V2}/groups/${IDS.groupA}/databaseUsers`, { as: 'owner' })).json.results.map(
    (u: { username: string }) => u.username,
  );

describe('--state-file', () => {
  it('keeps what was created across a restart', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await start({ stateFile });
    try {
      expect(
        (
          await call(first, `${V2}/groups/${IDS.groupA}/databaseUsers`, {
            as: 'owner',
            method: 'POST',
            body: user('kept'),
          })
        ).status,
      ).toBe(201);
    } finally {
      await first.close();
    }
    const second = await start({ stateFile });
    try {
      expect(await usernames(second)).toContain('kept');
    } finally {
      await second.close();
    }
  });
});

describe('--record', () => {
  it('writes each exchange as HAR 1.2 without the credentials or secrets that went by', async () => {
    const recordFile = join(dir, 'exchanges.har');
    const s = await start({ recordFile });
    try {
      await call(s, `${V2}/groups/${IDS.groupA}/databaseUsers`, {
        as: 'owner',
        method: 'POST',
        body: user('recorded'),
      });
      await call(s, `${V2}/groups`, { as: 'serviceAccount' });
    } finally {
      await s.close();
    }
    const text = readFileSync(recordFile, 'utf8');
    const har = JSON.parse(text);
    expect(har.log.version).toBe('1.2');
    const seen = har.log.entries.map(
      (e: { request: { method: string; url: string }; response: { status: number } }) =>
        `${e.request.method} ${new URL(e.request.url).pathname} ${e.response.status}`,
    );
    expect(seen).toEqual(
      expect.arrayContaining([
        `POST ${V2}/groups/${IDS.groupA}/databaseUsers 401`,
        `POST ${V2}/groups/${IDS.groupA}/databaseUsers 201`,
        `GET ${V2}/groups 200`,
      ]),
    );
    for (const secret of ['a-long-password', SECRETS.serviceAccount.token]) expect(text).not.toContain(secret);
    const created = har.log.entries.find((e: { response: { status: number } }) => e.response.status === 201);
    expect(created.request.headers.find((h: { name: string }) => h.name === 'authorization').value).toBe('[redacted]');
    expect(JSON.parse(created.request.postData.text).password).toBe('[redacted]');
  });
});

describe('the command line', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill();
  });

  it("serves the user's --fixture in place of the default seed's collections", async () => {
    const fixture = join(dir, 'fixture.json');
    writeFileSync(
      fixture,
      JSON.stringify({
        databaseUsers: [
          {
            groupId: IDS.groupA,
            ...user('from-fixture'),
            password: undefined,
            scopes: [],
            labels: [],
            ldapAuthType: 'NONE',
            x509Type: 'NONE',
            awsIAMType: 'NONE',
            oidcAuthType: 'NONE',
          },
        ],
      }),
    );
    const caFile = join(dir, 'ca.pem');
    child = spawn(process.execPath, ['bin/reference.mjs', '--port', '0', '--fixture', fixture, '--ca-out', caFile], {
      env: { ...process.env, REFERENCE_OWNER_PRIVATE_KEY: SECRETS.owner.privateKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    while (!/listening on (\S+)/.test(output)) await once(child.stdout!, 'data');
    const url = /listening on (\S+)/.exec(output)![1]!;
    const agent = new Agent({ connect: { ca: readFileSync(caFile, 'utf8') } });
    const s = { target: { url, caPem: '', close: async () => {} }, agent, close: async () => {} } as Started;
    try {
      expect(await usernames(s)).toEqual(['from-fixture']);
    } finally {
      await agent.close();
    }
  });
});
