// The reference target as a live target: started in the test's own process (so the test can look at it through
// the API afterwards), reached by the CLI through a profile file with its CA, its address and credentials in
// environment variables the test sets, as a user would run against a real service.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceTarget, type Principal, type ReferenceTarget } from '../../reference/server.ts';
import { defaultSeed } from '../../reference/store.ts';

export const referenceProfile = JSON.parse(readFileSync('config/reference.json', 'utf8')) as Record<string, unknown> & {
  credentials: Record<string, { publicKeyEnv?: string; privateKeyEnv?: string; tokenEnv?: string }>;
  projects: { ids: string[] };
  rateLimit: { limit: number; windowSeconds: number };
  alertConfigs: { variants: { body: unknown }[] };
};

/** Profile fields of the commonest real account (config/real-service.example.json): one project, no projects of the
 * suite's own, nothing billable, an owner and a read-only credential. */
export const oneProject = {
  projects: { ids: referenceProfile.projects.ids.slice(0, 1), allowCreate: false },
  allowBillable: false,
  credentials: { owner: referenceProfile.credentials.owner, readOnly: referenceProfile.credentials.readOnly },
};

export interface LiveReference {
  target: ReferenceTarget;
  /** The credentials' environment variables, to hand to the CLI (the secrets among them must reach no output). */
  env: Record<string, string>;
  /** Writes a profile for this target (or a proxy in front of it) and returns its file. */
  profile(o?: { baseUrl?: string; caPem?: string; fields?: Record<string, unknown> }): string;
  close(): Promise<void>;
}

type Seed = { principals: { name: string; publicKey?: string }[] } & Record<string, unknown>;

/** Starts the reference target; `windowSeconds` lengthens its rate-limit window (the profile's must say the same). */
export async function startLiveReference(
  o: { mutants?: string[]; seed?: (seed: Seed) => Seed; windowSeconds?: number } = {},
): Promise<LiveReference> {
  const seed = (o.seed ?? ((s) => s))(structuredClone(defaultSeed()) as Seed);
  const env: Record<string, string> = {};
  const principals: Record<string, Principal> = {};
  for (const [name, ref] of Object.entries(referenceProfile.credentials)) {
    const secret = `${name}-secret-${randomBytes(12).toString('hex')}`;
    if (ref.tokenEnv) {
      principals[name] = { token: secret };
      env[ref.tokenEnv] = secret;
    } else {
      const publicKey = seed.principals.find((p) => p.name === name)!.publicKey!;
      principals[name] = { publicKey, privateKey: secret };
      env[ref.publicKeyEnv!] = publicKey;
      env[ref.privateKeyEnv!] = secret;
    }
  }
  const { limit } = referenceProfile.rateLimit;
  const windowSeconds = o.windowSeconds ?? referenceProfile.rateLimit.windowSeconds;
  const target = await startReferenceTarget({
    secrets: principals,
    seed,
    mutants: o.mutants,
    plainHttpPort: 0,
    rateLimit: { limit, windowMs: windowSeconds * 1000 },
  });
  const dir = mkdtempSync(join(tmpdir(), 'live-reference-'));
  let profiles = 0;
  return {
    target,
    env,
    profile: ({ baseUrl = target.url, caPem = target.caPem, fields = {} } = {}) => {
      const n = ++profiles;
      writeFileSync(join(dir, `ca-${n}.pem`), caPem);
      const file = join(dir, `profile-${n}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          ...referenceProfile,
          $schema: undefined,
          name: 'reference as a live target',
          baseUrl,
          plainHttpUrl: target.plainUrl,
          tls: { caFile: `ca-${n}.pem` },
          ...fields,
        }),
      );
      return file;
    },
    close: () => target.close(),
  };
}
