// Scans everything a run wrote (console output, every report file, its temporary files such as the journal) for
// secrets: private keys, tokens, and each key pair in the Basic form a cleartext probe carries.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Fresh credentials for the embedded reference target: a private key or token per role, each a secret no output may
 * hold, and public keys, which are no secret but with a private key make the Basic form a cleartext probe sends. */
export function referenceSecrets(): Record<string, string> {
  const hex = () => randomBytes(12).toString('hex');
  return {
    REFERENCE_OWNER_PRIVATE_KEY: `owner-secret-${hex()}`,
    REFERENCE_OWNER2_PRIVATE_KEY: `owner2-secret-${hex()}`,
    REFERENCE_READ_ONLY_PRIVATE_KEY: `readonly-secret-${hex()}`,
    REFERENCE_OUTSIDER_PRIVATE_KEY: `outsider-secret-${hex()}`,
    REFERENCE_SERVICE_ACCOUNT_TOKEN: `token-secret-${hex()}`,
    ...Object.fromEntries(
      ['OWNER', 'OWNER2', 'READ_ONLY', 'OUTSIDER'].map((role) => [`REFERENCE_${role}_PUBLIC_KEY`, hex().slice(0, 8)]),
    ),
  };
}

export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The secret values of credential variables (…_PRIVATE_KEY, …_TOKEN), and each key pair in Basic form. */
function secretForms(env: Record<string, string>): Record<string, string> {
  const forms: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!/_(PRIVATE_KEY|TOKEN)$/.test(name)) continue;
    forms[name] = value;
    const publicKey = env[name.replace(/_PRIVATE_KEY$/, '_PUBLIC_KEY')];
    if (name.endsWith('_PRIVATE_KEY') && publicKey)
      forms[`${name} with its public key in Basic form`] = Buffer.from(`${publicKey}:${value}`).toString('base64');
  }
  return forms;
}

/** "NAME in PLACE" for every secret form found in a place. */
function leaksIn(places: { where: string; text: string }[], forms: Record<string, string>): string[] {
  return places.flatMap(({ where, text }) =>
    Object.entries(forms)
      .filter(([, s]) => text.includes(s))
      .map(([name]) => `${name} in ${where}`),
  );
}

export interface RunOutputs {
  stdout: string;
  stderr: string;
  reportsDir: string;
  /** The run's temporary directory (TMPDIR), when it had one of its own. */
  tmp?: string;
}

/** Leaks of the secrets of `env` into anything the run wrote. */
export function leaksOf(run: RunOutputs, env: Record<string, string>): string[] {
  const files = [...filesUnder(run.reportsDir), ...(run.tmp ? filesUnder(run.tmp) : [])];
  return leaksIn(
    [
      { where: 'stdout', text: run.stdout },
      { where: 'stderr', text: run.stderr },
      ...files.map((f) => ({ where: f, text: readFileSync(f, 'latin1') })),
    ],
    secretForms(env),
  );
}
