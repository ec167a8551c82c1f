// Shared helpers of the measurements (bench/run.ts, bench/speed.ts): secrets, profiles, a CLI run as a child process,
// and a minimal Digest client for bare request loops. Measurement code only; never a test.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { startReferenceTarget, type Principal, type ReferenceTarget } from '../reference/server.ts';
import {
  authorizationHeader,
  chooseChallenge,
  parseDigestChallenges,
  type DigestChallenge,
} from '../src/http/digest.ts';
import type { Report } from '../src/report/report.ts';

export const root = fileURLToPath(new URL('..', import.meta.url));
export type Profile = Record<string, any>;

export function referenceProfile(): Profile {
  return JSON.parse(readFileSync(join(root, 'config/reference.json'), 'utf8')) as Profile;
}

export function seedFixture(): any {
  return JSON.parse(readFileSync(join(root, 'fixtures/seed.json'), 'utf8'));
}

/** Fresh secrets for every credential of the profile: for the target (by principal) and for the CLI (by env var). */
export function makeSecrets(profile: Profile): { secrets: Record<string, Principal>; env: Record<string, string> } {
  const seed = seedFixture() as { principals: { name: string; publicKey?: string }[] };
  const secrets: Record<string, Principal> = {};
  const env: Record<string, string> = {};
  const fresh = () => randomBytes(18).toString('base64url');
  for (const [name, ref] of Object.entries(profile.credentials as Record<string, any>)) {
    const principal = seed.principals.find((p) => p.name === name);
    if (ref.tokenEnv) {
      const token = fresh();
      env[ref.tokenEnv] = token;
      secrets[name] = { token };
    } else {
      const publicKey = principal?.publicKey ?? fresh();
      const privateKey = fresh();
      env[ref.publicKeyEnv] = publicKey;
      env[ref.privateKeyEnv] = privateKey;
      secrets[name] = { publicKey, privateKey };
    }
  }
  return { secrets, env };
}

export interface Started {
  target: ReferenceTarget;
  secrets: Record<string, Principal>;
  env: Record<string, string>;
}

export async function startTarget(
  profile: Profile,
  opts: { limit: number; windowMs: number; seed?: unknown },
): Promise<Started> {
  const { secrets, env } = makeSecrets(profile);
  const target = await startReferenceTarget({
    vendor: profile.vendor,
    secrets,
    rateLimit: { limit: opts.limit, windowMs: opts.windowMs },
    ...(opts.seed ? { seed: opts.seed } : {}),
  });
  return { target, secrets, env };
}

/** Runs the whole suite against the embedded reference target with a profile changed by `override`. */
export function runSuite(override: (profile: Profile) => void, extra: string[] = []): Report {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-bench-'));
  const profile = referenceProfile();
  override(profile);
  const profileFile = join(dir, 'profile.json');
  writeFileSync(profileFile, JSON.stringify(profile, null, 2));
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'bin/conformance.mjs'),
      'run',
      '--profile',
      profileFile,
      '--target',
      'reference',
      '--reports',
      dir,
      '--quiet',
      ...extra,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(`the suite ended with exit code ${run.status}`);
  return JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Report;
}

/** Writes the profile (and its CA file) into a fresh directory; returns the directory and the profile file. */
export function writeProfile(profile: Profile, caPem: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-speed-'));
  writeFileSync(join(dir, 'ca.pem'), caPem);
  const p = structuredClone(profile);
  p.tls = { ...(p.tls ?? {}), caFile: join(dir, 'ca.pem') };
  delete p.$schema;
  const file = join(dir, 'profile.json');
  writeFileSync(file, JSON.stringify(p, null, 2));
  return { dir, file };
}

/** Runs the CLI against the profile's baseUrl (not the embedded target); resolves with the report and wall time. */
export function runCli(
  profileFile: string,
  reportsDir: string,
  env: Record<string, string>,
  extra: string[] = [],
): Promise<{ report: Report; wallMs: number; code: number | null }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [join(root, 'bin/conformance.mjs'), 'run', '--profile', profileFile, '--reports', reportsDir, '--quiet', ...extra],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0 && code !== 1) return reject(new Error(`the CLI ended with exit code ${code}`));
      try {
        resolve({
          report: JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8')) as Report,
          wallMs,
          code,
        });
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** A minimal Digest client: one challenge, shared by all requests, with a counting nc; a 401 fetches a fresh one. */
export class DigestSession {
  private challenge: DigestChallenge | undefined;
  private nc = 0;
  constructor(
    readonly username: string,
    readonly password: string,
  ) {}

  header(method: string, uri: string): string | undefined {
    if (!this.challenge) return undefined;
    return authorizationHeader({
      challenge: this.challenge,
      method,
      uri,
      username: this.username,
      password: this.password,
      nc: ++this.nc,
    });
  }

  /** Takes the challenge of a 401; true if there was one to answer. */
  learn(wwwAuthenticate: string | string[] | undefined): boolean {
    const c = chooseChallenge(parseDigestChallenges(wwwAuthenticate));
    if (!c) return false;
    this.challenge = c;
    this.nc = 0;
    return true;
  }
}

export function agentFor(caPem: string, connections: number): Agent {
  return new Agent({ connect: { ca: caPem }, connections, keepAliveTimeout: 30_000 });
}

/** One authenticated request; answers a 401 challenge once. Returns the status. */
export async function send(
  agent: Agent,
  baseUrl: string,
  session: DigestSession,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const auth = session.header(method, path);
    const res = await request(baseUrl + path, {
      method: method as any,
      dispatcher: agent,
      body,
      headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
    });
    await res.body.arrayBuffer();
    if (res.statusCode === 401 && attempt < 2 && session.learn(res.headers['www-authenticate'])) continue;
    return res.statusCode;
  }
}

export const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
