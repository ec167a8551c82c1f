// Reads a profile file, validates it against schemas/profile.schema.json (ajv, defaults applied) and
// resolves its credentials from the environment. Every problem names the field at fault.
import { accessSync, constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JsonFileError, readJsonFile, schemaChecker } from '../json-file.ts';
import type { Profile } from './profile.ts';
import { locationOf } from './document-location.ts';
import type { Credential } from '../http/client.ts';

/** The embedded reference target's profile: the one a command uses without --profile. */
export const referenceProfileFile = fileURLToPath(new URL('../../config/reference.json', import.meta.url));

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

const checkSchema = schemaChecker(new URL('../../schemas/profile.schema.json', import.meta.url), { useDefaults: true });

/** What is wrong, in words, with a field that must hold a scheme, host and port only; undefined when it holds one. */
function originProblem(field: string, value: unknown, schemes: string[]): string | undefined {
  if (typeof value !== 'string') return undefined;
  const expected = `expected ${schemes.map((s) => `${s}//`).join(' or ')} with a host and an optional port only`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${field}: '${value}' is not a URL; ${expected}, such as ${schemes[0]}//cloud.example.com`;
  }
  if (!schemes.includes(url.protocol)) return `${field}: '${value}' starts with ${url.protocol}//; ${expected}`;
  const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
  // The suite adds the API's paths (/api/{vendor}/v2/...) itself.
  if (rest) return `${field}: '${value}' has a path (${rest}); ${expected}, such as ${url.origin}`;
  return undefined;
}

/** Validates a profile object in place (defaults are filled in). */
export function checkProfile(value: unknown, source: string): Profile {
  const fields = (value ?? {}) as { baseUrl?: unknown; plainHttpUrl?: unknown };
  const urlProblem =
    originProblem('baseUrl', fields.baseUrl, ['https:', 'http:']) ??
    originProblem('plainHttpUrl', fields.plainHttpUrl, ['http:']);
  if (urlProblem) throw new ProfileError(`${source}: ${urlProblem}`);
  const problem = checkSchema(value);
  if (problem) throw new ProfileError(`${source}: ${problem}`);
  return value as unknown as Profile;
}

export function loadProfile(file: string): Profile {
  let value: unknown;
  try {
    value = readJsonFile(file);
  } catch (e) {
    throw e instanceof JsonFileError ? new ProfileError(e.message) : e;
  }
  const profile = checkProfile(value, file);
  if (profile.tls.caFile) {
    profile.tls.caFile = resolve(dirname(file), profile.tls.caFile);
    try {
      accessSync(profile.tls.caFile, constants.R_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? (e as Error).message})`;
      throw new ProfileError(`${file}: tls.caFile: ${why}: ${profile.tls.caFile}`);
    }
  }
  const openapi = profile.surface.openapi;
  if (openapi && locationOf(openapi) === 'file') profile.surface.openapi = resolve(dirname(file), openapi);
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
