// Reads a profile file, validates it against schemas/profile.schema.json (ajv, defaults applied) and
// resolves its credentials from the environment. Every problem names the field at fault.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import type { Profile } from './profile.ts';
import type { Credential } from '../http/client.ts';

export const profileSchemaFile = fileURLToPath(new URL('../../schemas/profile.schema.json', import.meta.url));

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

const validate = new Ajv({ allErrors: true, useDefaults: true, strict: true }).compile(
  JSON.parse(readFileSync(profileSchemaFile, 'utf8')) as object,
);

function fieldOf(e: ErrorObject): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const extra = (e.params as { additionalProperty?: string; missingProperty?: string });
  const leaf = extra.additionalProperty ?? extra.missingProperty;
  return [path, leaf].filter(Boolean).join('.') || '(root)';
}

function describe(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return 'unknown field';
  if (e.keyword === 'required') return 'required field is missing';
  return e.message ?? e.keyword;
}

/** Validates a profile object in place (defaults are filled in). */
export function checkProfile(value: unknown, source: string): Profile {
  if (!validate(value)) {
    // oneOf reports each branch; the branch errors are more precise than the oneOf summary.
    const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'oneOf');
    const first = errors[0] ?? validate.errors![0]!;
    throw new ProfileError(`${source}: ${fieldOf(first)}: ${describe(first)}`);
  }
  return value as unknown as Profile;
}

export function loadProfile(file: string): Profile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ProfileError(`${file}: cannot read profile: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ProfileError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
  const profile = checkProfile(value, file);
  if (profile.tls.caFile) profile.tls.caFile = resolve(dirname(file), profile.tls.caFile);
  return profile;
}

/** Reads each credential's secrets from the environment variables the profile names. */
export function resolveCredentials(profile: Profile, env: NodeJS.ProcessEnv = process.env): Record<string, Credential> {
  const out: Record<string, Credential> = {};
  for (const [name, ref] of Object.entries(profile.credentials)) {
    const read = (field: 'publicKeyEnv' | 'privateKeyEnv' | 'tokenEnv'): string | undefined => {
      const variable = ref[field];
      if (variable === undefined) return undefined;
      const value = env[variable];
      if (!value) throw new ProfileError(`credentials.${name}.${field}: environment variable ${variable} is not set`);
      return value;
    };
    out[name] = {
      name,
      publicKey: read('publicKeyEnv'),
      privateKey: read('privateKeyEnv'),
      token: read('tokenEnv'),
      ...(ref.localAddress ? { localAddress: ref.localAddress } : {}),
      env: { publicKey: ref.publicKeyEnv, privateKey: ref.privateKeyEnv, token: ref.tokenEnv },
    };
  }
  return out;
}
