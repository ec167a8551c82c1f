// Standalone entry of the reference target:
//   node --import tsx reference/main.ts --port 8443 --vendor atlas --mutant ID ... [--ca-out FILE]
// Secrets come from REFERENCE_<PRINCIPAL>_PUBLIC_KEY / _PRIVATE_KEY / _TOKEN; missing ones are generated
// and printed as `export ...` lines.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFaults } from './faults.ts';
import { createMutants } from './mutants.ts';
import { startReferenceTarget, type Principal } from './server.ts';
import { createStore, defaultSeed } from './store.ts';
import type { UnlistedDates } from './versioning.ts';

const HELP = `Usage: node --import tsx reference/main.ts [options]

  --port N              HTTPS port (default 8443; 0 = ephemeral)
  --host ADDRESS        listen address (default 127.0.0.1)
  --vendor WORD         path and media-type vendor word (default platform)
  --plain-http-port N   also listen on plain HTTP, answering 301 to HTTPS
  --mutant ID           activate a mutant of reference/mutants/ (repeatable)
  --rate-limit N        requests per project per window (default 100)
  --rate-window-ms N    rate window in milliseconds (default 60000)
  --ca-out FILE         write the certificate (PEM) to FILE
  --token-ttl S         lifetime in seconds of tokens from POST /api/oauth/token (default 3600)
  --unlisted-dates WHAT a date that is not one of a resource's versions: newest-not-later (default, as the
                        real service: served in the newest version not later than it) or refused (406)
  --fixture FILE        seed the store from FILE (JSON): each collection it holds ("groups", "clusters", ...,
                        and "org") replaces the default seed's
  --latency MS[,JITTER] every answer waits MS milliseconds, plus up to JITTER more at random
  --faults RATE[:KINDS] replace answers at RATE (0 to 1) by a fault drawn from KINDS (comma-separated, default
                        all): 503 (with Retry-After), reset (connection torn down), hang (no answer), slow (the
                        body dripped in pieces); sign-in at /api/oauth is spared
  --record FILE         write every exchange to FILE as HAR 1.2, with credentials and secrets redacted
  --state-file FILE     keep the store in FILE across restarts: loaded at start when it exists (over
                        --fixture), written after every request that may change it
  --help                this text

Secrets: REFERENCE_<PRINCIPAL>_PUBLIC_KEY, _PRIVATE_KEY (API keys), _TOKEN (service account's static
bearer token) and _CLIENT_ID, _CLIENT_SECRET (client credentials, exchanged for an expiring bearer token at
POST /api/oauth/token with HTTP Basic and grant_type=client_credentials; revoked at POST /api/oauth/revoke),
PRINCIPAL in OWNER, OWNER2, READ_ONLY, OUTSIDER, SERVICE_ACCOUNT. Missing ones are generated and printed.
`;

/** `readOnly` -> `READ_ONLY`, `owner2` -> `OWNER2`. */
const upperSnake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

function secretsFromEnvironment(): Record<string, Principal> {
  const secrets: Record<string, Principal> = {};
  for (const principal of createStore(defaultSeed()).principals) {
    const prefix = `REFERENCE_${upperSnake(principal.name)}`;
    const value = (suffix: string, generate: () => string) => {
      const name = `${prefix}_${suffix}`;
      const given = process.env[name];
      if (given) return given;
      const generated = generate();
      console.log(`export ${name}=${generated}`);
      return generated;
    };
    const keys =
      principal.kind === 'serviceAccount'
        ? { token: value('TOKEN', () => randomBytes(24).toString('hex')) }
        : {
            publicKey: value('PUBLIC_KEY', () => principal.publicKey),
            privateKey: value('PRIVATE_KEY', () => randomBytes(18).toString('hex')),
          };
    // Client credentials in the real service's formats, for signing in at /api/oauth/token.
    secrets[principal.name] = {
      ...keys,
      clientId: value('CLIENT_ID', () => `mdb_sa_id_${principal.id}`),
      clientSecret: value('CLIENT_SECRET', () => `mdb_sa_sk_${randomBytes(24).toString('base64url')}`),
    };
  }
  return secrets;
}

function integer(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new Error(`--${name} needs a non-negative integer, got ${text}`);
  return Number(text);
}

function unlistedDates(text: string | undefined): UnlistedDates | undefined {
  if (text === undefined || text === 'newest-not-later' || text === 'refused') return text;
  throw new Error(`--unlisted-dates needs newest-not-later or refused, got ${text}`);
}

/** `MS` or `MS,JITTER`. */
function latency(text: string | undefined): { ms: number; jitterMs: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)(?:,(\d+))?$/.exec(text);
  if (!m) throw new Error(`--latency needs MS or MS,JITTER (milliseconds), got ${text}`);
  return { ms: Number(m[1]), jitterMs: Number(m[2] ?? 0) };
}

/** The default seed with the collections of the user's fixture in place of its own. */
function fixtureSeed(file: string): unknown {
  const fixture = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof fixture !== 'object' || fixture === null || Array.isArray(fixture))
    throw new Error(`--fixture ${file}: a JSON object of collections is required`);
  const seed = { ...(defaultSeed() as object), ...fixture };
  createStore(seed); // names the first malformed collection before anything starts
  return seed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      vendor: { type: 'string' },
      'plain-http-port': { type: 'string' },
      mutant: { type: 'string', multiple: true },
      'rate-limit': { type: 'string' },
      'rate-window-ms': { type: 'string' },
      'ca-out': { type: 'string' },
      'token-ttl': { type: 'string' },
      'unlisted-dates': { type: 'string' },
      fixture: { type: 'string' },
      latency: { type: 'string' },
      faults: { type: 'string' },
      record: { type: 'string' },
      'state-file': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  createMutants(values.mutant); // fail on an unknown id before printing secrets
  const limit = integer(values['rate-limit'], 'rate-limit') ?? 100;
  const windowMs = integer(values['rate-window-ms'], 'rate-window-ms') ?? 60_000;
  const target = await startReferenceTarget({
    vendor: values.vendor,
    host: values.host,
    port: integer(values.port, 'port') ?? 8443,
    plainHttpPort: integer(values['plain-http-port'], 'plain-http-port'),
    secrets: secretsFromEnvironment(),
    mutants: values.mutant,
    rateLimit: { limit, windowMs },
    tokenTtlSeconds: integer(values['token-ttl'], 'token-ttl'),
    unlistedDates: unlistedDates(values['unlisted-dates']),
    seed: values.fixture === undefined ? undefined : fixtureSeed(values.fixture),
    latency: latency(values.latency),
    faults: values.faults === undefined ? undefined : parseFaults(values.faults),
    recordFile: values.record,
    stateFile: values['state-file'],
  });
  if (values['ca-out']) writeFileSync(values['ca-out'], target.caPem);
  console.log(
    `reference target listening on ${target.url}${target.plainUrl ? ` (plain HTTP redirect: ${target.plainUrl})` : ''}`,
  );
  const stop = () => void target.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
