// The profile's credentials as authentication checks use them: a key pair to answer challenges by hand, and
// requests carrying an Authorization header the check made, sent from the credential's own address.
import type { Credential } from '../http/client.ts';
import type { HttpResponse } from '../http/messages.ts';
import type { KeyPair } from '../http/digest-answers.ts';
import { skipFor } from '../outcome.ts';
import type { ApiRequest, Target } from './target.ts';

/** Skips the rule on a target whose profile lacks the credential. */
export function requireCredential(t: Target, name: string): void {
  if (!t.hasCredential(name)) skipFor(`credentials.${name}`, `the profile has no ${name} credential`);
}

export function credential(t: Target, name: string): Credential {
  requireCredential(t, name);
  return t.client.options.credentials[name]!;
}

/** The public and private key of an API key credential. */
export function keyPair(t: Target, name: string): KeyPair {
  const { publicKey, privateKey } = credential(t, name);
  if (publicKey === undefined || privateKey === undefined)
    skipFor(`credentials.${name}`, `the ${name} credential is not an API key`);
  return { publicKey, privateKey };
}

/** Sends with exactly this Authorization header, once (no challenge is answered), from the credential's address. */
export function sendAuthorized(
  t: Target,
  name: string,
  req: Omit<ApiRequest, 'as'>,
  authorization: string,
): Promise<HttpResponse> {
  return t.send({
    ...req,
    as: null,
    localAddress: credential(t, name).localAddress,
    headers: { ...req.headers, authorization },
  });
}

/** The request-target a Digest answer names (the uri directive, RFC 7616 §3.4): path and query as the client sends them. */
export function digestUri(t: Target, path: string): string {
  const url = t.client.url(path);
  return url.pathname + url.search;
}
