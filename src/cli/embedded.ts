// The embedded reference target: started in-process with fresh secrets for the profile's credentials.
// The secrets live only in this process's environment, where the profile says to find them.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mutantCatalogue } from '../../reference/mutants.ts';
import { startReferenceTarget, type Principal } from '../../reference/server.ts';
import { ProfileError } from '../profile/load.ts';
import type { Profile } from '../profile/profile.ts';
import { UsageError } from './args.ts';
import { didYouMean } from '../did-you-mean.ts';

const seed = JSON.parse(readFileSync(new URL('../../fixtures/seed.json', import.meta.url), 'utf8')) as {
  principals: { name: string; publicKey?: string }[];
};

export interface Embedded {
  baseUrl: string;
  plainUrl?: string;
  caPem: string;
  close(): Promise<void>;
}

/** A secret already in the environment is used as it is; otherwise a fresh one is made and put there. */
function secretIn(variable: string, make: () => string): string {
  const value = process.env[variable] || make();
  process.env[variable] = value;
  return value;
}

const fresh = () => randomBytes(18).toString('base64url');

/** `recordFile`: every exchange is written there as HAR 1.2 (what conformance judge reads). */
export async function startEmbedded(profile: Profile, mutants: string[], recordFile?: string): Promise<Embedded> {
  const known = mutantCatalogue.map((m) => m.id);
  const unknown = mutants.find((m) => !known.includes(m));
  if (unknown !== undefined)
    throw new UsageError(
      `unknown mutant: ${unknown}${didYouMean(unknown, known)} (conformance reference --list-mutants lists them)`,
    );
  const secrets: Record<string, Principal> = {};
  for (const [name, ref] of Object.entries(profile.credentials)) {
    const principal = seed.principals.find((p) => p.name === name);
    if (!principal)
      throw new ProfileError(`credentials.${name}: the reference target has no principal named '${name}'`);
    secrets[name] = ref.tokenEnv
      ? { token: secretIn(ref.tokenEnv, fresh) }
      : {
          publicKey: secretIn(ref.publicKeyEnv!, () => principal.publicKey ?? fresh()),
          privateKey: secretIn(ref.privateKeyEnv!, fresh),
        };
  }
  const target = await startReferenceTarget({
    vendor: profile.vendor,
    unlistedDates: profile.versions.unlistedDates,
    secrets,
    mutants,
    rateLimit: { limit: profile.rateLimit.limit, windowMs: Math.round(profile.rateLimit.windowSeconds * 1000) },
    ...(profile.plainHttpUrl !== undefined ? { plainHttpPort: 0 } : {}),
    ...(recordFile !== undefined ? { recordFile } : {}),
  });
  return { baseUrl: target.url, plainUrl: target.plainUrl, caPem: target.caPem, close: () => target.close() };
}
