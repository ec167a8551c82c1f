// Before any rule runs: is the target reachable, does it accept the owner's credentials, is it the API the
// profile describes (./identity.ts), and do the profile's projects, grants and endpoints hold (./profile-reach.ts)?
// Each step names its cause (DNS, TCP, TLS, HTTP), and refused credentials name the profile's credential and its
// environment variables, so that a user can tell a typo from a firewall.
import { lookup } from 'node:dns/promises';
import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { HttpClient } from '../http/client.ts';
import type { HttpResponse } from '../http/messages.ts';
import type { Profile } from '../profile/profile.ts';
import { checkIdentity, getRoot, rootPath } from './identity.ts';
import { checkProfileFacts } from './profile-reach.ts';

export class UnreachableTarget extends Error {
  override readonly name = 'UnreachableTarget';
}

/** The target is reached but refuses the owner's credentials: the profile's keys, not the network, are at fault. */
export class CredentialsRefused extends Error {
  override readonly name = 'CredentialsRefused';
}

/** "credentials.owner (publicKeyEnv ATLAS_PUBLIC_KEY, privateKeyEnv ATLAS_PRIVATE_KEY)": where the owner's keys come from. */
function ownerSource(profile: Profile): string {
  const owner = profile.credentials.owner;
  const vars = (['publicKeyEnv', 'privateKeyEnv', 'tokenEnv'] as const)
    .filter((field) => owner[field] !== undefined)
    .map((field) => `${field} ${owner[field]}`);
  return `credentials.owner (${vars.join(', ')})`;
}

function attempt(
  step: string,
  timeoutMs: number,
  open: (done: (err?: Error) => void) => { destroy(): void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new UnreachableTarget(`${step}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const socket = open((err) => {
      clearTimeout(timer);
      socket.destroy();
      if (err)
        reject(
          new UnreachableTarget(
            `${step}: ${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`.replace(/\s+/g, ' '),
          ),
        );
      else resolve();
    });
  });
}

/** Also returns the SHA-256 fingerprint of the target's TLS certificate, which a certificate of conformance names. */
export async function preflight(client: HttpClient, profile: Profile): Promise<{ tlsFingerprint256?: string }> {
  const o = client.options;
  const url = new URL(o.baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  try {
    await lookup(host);
  } catch (e) {
    throw new UnreachableTarget(`DNS: cannot resolve ${host} (${(e as NodeJS.ErrnoException).code})`);
  }
  await attempt(`TCP: ${host}:${port}`, o.connectTimeoutMs, (done) => {
    const s = tcpConnect({ host, port }, () => done());
    s.on('error', done);
    return s;
  });
  let tlsFingerprint256: string | undefined;
  if (url.protocol === 'https:') {
    await attempt(`TLS: ${host}:${port}`, o.connectTimeoutMs, (done) => {
      const s = tlsConnect(
        {
          host,
          port,
          servername: /^[\d.:]+$/.test(host) ? undefined : host,
          ca: o.ca,
          rejectUnauthorized: !o.insecure,
        },
        () => {
          tlsFingerprint256 = s.getPeerCertificate().fingerprint256;
          done();
        },
      );
      s.on('error', done);
      return s;
    });
  }
  let root: HttpResponse;
  try {
    root = await getRoot(client, profile.vendor, profile.versions.default);
  } catch (e) {
    throw new UnreachableTarget(`HTTP: ${(e as Error).message}`);
  }
  if (root.status === 401 || root.status === 403) {
    throw new CredentialsRefused(
      `the target answered ${root.status} to GET ${rootPath(profile.vendor)} with ${ownerSource(profile)}: check the keys those environment variables hold`,
    );
  }
  if (root.status >= 500) throw new UnreachableTarget(`HTTP: GET ${rootPath(profile.vendor)} answered ${root.status}`);
  await checkIdentity(client, root, profile);
  await checkProfileFacts(client, profile);
  return { tlsFingerprint256 };
}
