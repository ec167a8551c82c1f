// Before any rule runs, the CLI checks that the target is the API its profile describes (src/cli/identity.ts): a
// plain file server, a wrong vendor word, a root resource without links each stop the run with exit code 2 and one
// line naming the likely cause; the reference target, rightly described, still runs.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveReference, type LiveReference } from '../safety/live-target.ts';
import { profileFile, runCli, statusOf, type CliRun } from './cli.ts';

interface File {
  type: string;
  body: string;
}

interface FileServer {
  url: string;
  /** "METHOD path" of every request it was sent. */
  requests: string[];
}

const servers: { close(): unknown }[] = [];
let reference: LiveReference;

/** A plain HTTP server of static files: each path answers its file, any other a 404 page. */
async function fileServer(files: Record<string, File>): Promise<FileServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push(`${req.method} ${path}`);
    const file = files[path];
    res
      .writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/html' })
      .end(file?.body ?? '<h1>Not Found</h1>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** Runs the CLI against a server with a profile of its owner's credentials only. */
function runAgainst(server: FileServer, fields: Record<string, unknown> = {}): Promise<CliRun> {
  const profile = {
    name: 'file server',
    baseUrl: server.url,
    credentials: { owner: { publicKeyEnv: 'T_PUB', privateKeyEnv: 'T_PRIV' } },
    ...fields,
  };
  return runCli(['run', '--profile', profileFile(profile)], { T_PUB: 'x', T_PRIV: 'y' });
}

/** The run stopped before any rule, with exit code 2 and this one line. */
function stopped(run: CliRun, line: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
  expect(run.report).toBeUndefined();
}

const page: File = { type: 'text/html', body: '<!doctype html><title>Welcome</title><p>It works.</p>' };
const versioned = (vendor: string, body: unknown): File => ({
  type: `application/vnd.${vendor}.2023-02-01+json`,
  body: JSON.stringify(body),
});
const rootOf = (url: string) => ({
  appName: 'stub',
  build: '0',
  throttling: false,
  links: [{ rel: 'self', href: `${url}/api/platform/v2` }],
});

beforeAll(async () => {
  reference = await startLiveReference();
});

afterAll(async () => {
  for (const s of servers) s.close();
  await reference?.close();
});

describe('the identity check before any rule', () => {
  it('stops at a file server without the API, after asking only for root resources', async () => {
    const server = await fileServer({ '/': page, '/status.json': { type: 'application/json', body: '{"ok":true}' } });
    const run = await runAgainst(server);
    stopped(
      run,
      /^conformance: wrong target: baseUrl http:\/\/127\.0\.0\.1:\d+ points at something that is not the API: GET \/api\/platform\/v2 answered 404 \(text\/html\), and no root resource answers under the vendor words atlas either$/,
    );
    expect(server.requests).toEqual(['GET /api/platform/v2', 'GET /api/atlas/v2']);
  });

  it('stops at a file server that has a JSON file where the root resource belongs', async () => {
    const server = await fileServer({
      '/': page,
      '/api/platform/v2': { type: 'application/json', body: JSON.stringify(rootOf('http://x')) },
    });
    stopped(
      await runAgainst(server),
      /: wrong target: baseUrl .* points at something that is not the API: GET \/api\/platform\/v2 answered 200 with application\/json, not the versioned media type application\/vnd\.platform\.<date>\+json$/,
    );
    expect(server.requests).toEqual(['GET /api/platform/v2']);
  });

  it('stops at a file server that has an HTML page where the root resource belongs', async () => {
    const server = await fileServer({ '/api/platform/v2': page });
    stopped(
      await runAgainst(server),
      / points at something that is not the API: GET \/api\/platform\/v2 answered 200 with text\/html, not the versioned media type/,
    );
  });

  it('stops at a root resource without links, or whose links lack self', async () => {
    const { links: _none, ...withoutLinks } = rootOf('http://x');
    stopped(
      await runAgainst(await fileServer({ '/api/platform/v2': versioned('platform', withoutLinks) })),
      /: wrong target: baseUrl .* points at something that is not the API: the root resource \/api\/platform\/v2 has no links array \(spec 2\.2: every entity has one\)$/,
    );
    const withoutSelf = {
      ...withoutLinks,
      links: [{ rel: 'https://x/groups', href: 'https://x/api/platform/v2/groups' }],
    };
    stopped(
      await runAgainst(await fileServer({ '/api/platform/v2': versioned('platform', withoutSelf) })),
      /: the links of the root resource \/api\/platform\/v2 have no self relation \(spec 2\.2\), only https:\/\/x\/groups$/,
    );
  });

  it('names the link fields when the profile names others than the root resource uses', async () => {
    const server = await fileServer({ '/api/platform/v2': versioned('platform', rootOf('http://x')) });
    stopped(
      await runAgainst(server, { links: { relField: 'relation', hrefField: 'url' } }),
      /^conformance: wrong target: links\.relField 'relation' or links\.hrefField 'url' is wrong: the links of the root resource \/api\/platform\/v2 have the fields rel, href$/,
    );
  });

  it("names the vendor word of a media type that is not the profile vendor's", async () => {
    const server = await fileServer({ '/api/platform/v2': versioned('atlas', rootOf('http://x')) });
    stopped(
      await runAgainst(server),
      /^conformance: wrong target: vendor 'platform' is wrong: the root resource \/api\/platform\/v2 answered in application\/vnd\.atlas\.2023-02-01\+json, whose vendor word is 'atlas'$/,
    );
  });

  it('finds the vendor word under which the reference target answers when the profile names another', async () => {
    const run = await runCli(['run', '--profile', reference.profile({ fields: { vendor: 'atlas' } })], reference.env);
    stopped(
      run,
      /^conformance: wrong target: vendor 'atlas' is wrong: GET \/api\/atlas\/v2 answered 404, but \/api\/platform\/v2 answers as the root resource \(application\/vnd\.platform\.2023-02-01\+json;charset=utf-8\): set the profile's vendor to 'platform'$/,
    );
  });

  it('names versions.default when the root resource refuses that version', async () => {
    const run = await runCli(
      ['run', '--profile', reference.profile({ fields: { versions: { default: '1999-01-01' } } })],
      reference.env,
    );
    stopped(
      run,
      /^conformance: wrong target: versions\.default '1999-01-01' is refused: GET \/api\/platform\/v2 with Accept application\/vnd\.platform\.1999-01-01\+json answered 406$/,
    );
  });

  it("says the target refused the owner's credentials, naming the credential and its variables", async () => {
    const run = await runCli(['run', '--profile', reference.profile()], {
      ...reference.env,
      REFERENCE_OWNER_PRIVATE_KEY: 'not-the-key',
    });
    stopped(
      run,
      /^conformance: credentials refused: the target answered 401 to GET \/api\/platform\/v2 with credentials\.owner \(publicKeyEnv REFERENCE_OWNER_PUBLIC_KEY, privateKeyEnv REFERENCE_OWNER_PRIVATE_KEY\): check the keys those environment variables hold$/,
    );
  });

  it('lets a run against the reference target, rightly described, go ahead', async () => {
    const run = await runCli(['run', '--profile', reference.profile(), '--rule', 'METH-405', '--quiet'], reference.env);
    expect(run.code, run.stderr).toBe(0);
    expect(statusOf(run.report!, 'METH-405')).toBe('pass');
  });
});
