// The HTTP client to the profile's target, as the checks and the runner's own requests (preflight, cleanup) use it.
import { readFileSync } from 'node:fs';
import { HttpClient, type ClientOptions } from '../http/client.ts';
import { Redactor } from '../http/redactor.ts';
import { resolveCredentials } from '../profile/load.ts';
import type { Profile } from '../profile/profile.ts';

/** A client with the profile's TLS, timeouts, body limit, credentials and retries; `caPem` where the runner knows the
 * target's CA (the embedded reference target), else the profile's CA file. `options` add to or override these. */
export function profileClient(
  profile: Profile,
  caPem: string | undefined,
  options: Partial<ClientOptions> = {},
): HttpClient {
  return new HttpClient({
    baseUrl: profile.baseUrl,
    ca: caPem ?? (profile.tls.caFile ? readFileSync(profile.tls.caFile, 'utf8') : undefined),
    insecure: profile.tls.insecure,
    requestTimeoutMs: profile.timeouts.requestMs,
    connectTimeoutMs: profile.timeouts.connectMs,
    maxBodyBytes: profile.maxBodyBytes,
    connections: profile.concurrency,
    credentials: resolveCredentials(profile),
    redactor: new Redactor(),
    retries: profile.retries,
    ...options,
  });
}
