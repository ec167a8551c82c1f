// Authentication (spec 5): Digest for API keys, Bearer tokens for service accounts, then the API access list.
import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { ipNotOnAccessList, unauthorized } from '../errors.ts';
import type { Mutants } from '../mutants.ts';
import type { PrincipalRecord } from '../store.ts';
import type { TokenIssuer } from './service-accounts.ts';
import {
  NonceStore,
  digestChallenges,
  digestResponseMatches,
  parseDigestParams,
  parseNonceCount,
  safeEqual,
} from './digest.ts';

export interface Secrets {
  publicKey?: string;
  privateKey?: string;
  token?: string;
}

/** A principal of the seed with its secrets and its API access list. */
export interface Caller {
  record: PrincipalRecord;
  publicKey: string;
  privateKey?: string;
  token?: string;
  accessList: BlockList;
}

export interface AuthRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  /** Whether the request is to the legacy generation (/v1.0). */
  legacy: boolean;
}

export class Authenticator {
  private readonly nonces = new NonceStore();
  private readonly callers: Caller[];

  constructor(
    principals: PrincipalRecord[],
    secrets: Record<string, Secrets>,
    private readonly realm: string,
    private readonly mutants: Mutants,
    private readonly issuer?: TokenIssuer,
  ) {
    this.callers = principals.map((record) => ({
      record,
      publicKey: secrets[record.name]?.publicKey ?? record.publicKey,
      privateKey: secrets[record.name]?.privateKey,
      token: secrets[record.name]?.token,
      accessList: accessListOf(record.accessList),
    }));
  }

  /** The authenticated caller, or a 401 with Digest challenges. */
  authenticate(req: AuthRequest): Caller {
    const header = req.authorization ?? '';
    const space = header.indexOf(' ');
    const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
    const rest = space < 0 ? '' : header.slice(space + 1);
    if (scheme === 'bearer') return this.byToken(rest.trim(), req);
    if (scheme === 'digest') return this.byDigest(parseDigestParams(rest), req);
    if (scheme === 'basic' && this.mutants.has('AUTH-NO-CLEARTEXT')) return this.byBasic(rest.trim());
    // Mutant: the legacy API serves reads without authentication, as the organization's owner.
    const owner = this.callers[0];
    const legacyUnauthenticated = header === '' && req.legacy;
    if (owner && legacyUnauthenticated && req.method === 'GET' && this.mutants.has('AUTH-MISSING-401')) return owner;
    // Mutant: the legacy API's writes refuse a request without authentication without challenging it.
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    if (legacyUnauthenticated && write && this.mutants.has('AUTH-DIGEST-CHALLENGE:legacy-writes'))
      throw unauthorized([]);
    throw this.challenge(false);
  }

  private byToken(token: string, req: AuthRequest): Caller {
    const digest = (text: string) => createHash('sha256').update(text).digest('hex');
    const given = digest(token);
    // Mutant: any token, or under /v1.0 any token, is taken for the service account's.
    const anyToken =
      token !== '' &&
      (this.mutants.has('AUTH-BEARER') || (req.legacy && this.mutants.has('AUTH-BEARER:legacy-any-token')));
    const issuedTo = token === '' ? undefined : this.issuer?.principalOf(token);
    const caller =
      this.callers.find((c) => c.record.name === issuedTo) ??
      this.callers.find((c) => c.token !== undefined && (anyToken || safeEqual(digest(c.token), given)));
    if (!caller || token === '') throw this.refusal();
    if (req.url.includes('/groups/') && this.mutants.has('AUTH-BEARER:token-refused')) throw this.refusal();
    // Mutant: the legacy generation knows API keys alone and refuses every token.
    if (req.legacy && this.mutants.has('AUTH-BEARER:legacy-refused')) throw this.refusal();
    return caller;
  }

  /** Only under a mutant: the key pair sent in the clear. */
  private byBasic(encoded: string): Caller {
    const text = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    const caller = this.callers.find((c) => c.publicKey === text.slice(0, colon));
    if (colon < 0 || caller?.privateKey === undefined || !safeEqual(caller.privateKey, text.slice(colon + 1)))
      throw this.refusal();
    return caller;
  }

  private byDigest(params: Record<string, string>, req: AuthRequest): Caller {
    const caller = this.callers.find((c) => c.record.kind === 'apiKey' && c.publicKey === params.username);
    const password = caller?.privateKey;
    if (!caller || password === undefined) throw this.refusal();
    // Mutant: MD5 is offered but its answers are refused.
    if ((params.algorithm ?? 'MD5').toUpperCase() === 'MD5' && this.mutants.has('AUTH-DIGEST')) throw this.refusal();
    if (!digestResponseMatches(params, { method: req.method, uri: req.url, realm: this.realm }, password))
      throw this.refusal();
    const nc = parseNonceCount(params.nc);
    if (Number.isNaN(nc)) throw this.refusal();
    const state = this.nonces.use(params.nonce!, nc); // a matching answer carries its nonce
    if (state === 'stale' && !this.mutants.has('AUTH-WRONG-401:stale-nonce')) throw this.refusal(true);
    if (state === 'replayed' && !this.mutants.has('AUTH-WRONG-401')) throw this.refusal();
    return caller;
  }

  /** The 401 for a request without authentication: challenges with a fresh nonce. */
  private challenge(stale: boolean) {
    return unauthorized(digestChallenges(this.realm, this.nonces.issue(), stale));
  }

  /** The 401 for credentials that were sent and are wrong: like any other, it carries a challenge to answer. */
  private refusal(stale = false) {
    if (this.mutants.has('AUTH-DIGEST-CHALLENGE')) return unauthorized([]);
    if (this.mutants.has('AUTH-DIGEST-CHALLENGE:unanswerable'))
      return unauthorized(digestChallenges(this.realm, randomBytes(16).toString('hex'), stale)); // a nonce never issued
    return this.challenge(stale);
  }

  /** Spec 5: a request from an address outside the caller's API access list is refused (403). */
  checkAccessList(caller: Caller, address: string, route: { legacy: boolean; inProject: boolean }): void {
    // Mutant: the organization owner's list (the first principal's) also applies to every other caller outside
    // projects; or only under /v1.0.
    const owner = this.callers[0];
    const shared =
      (!route.inProject && this.mutants.has('SVC-ACCESS-LIST-PER-METHOD')) ||
      (route.legacy && this.mutants.has('SVC-ACCESS-LIST-PER-METHOD:legacy'));
    const lists = owner && shared ? [caller.accessList, owner.accessList] : [caller.accessList];
    const allowed = address !== '' && lists.every((list) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6'));
    if (!allowed) throw ipNotOnAccessList(address);
  }
}

function accessListOf(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, bits] = cidr.split('/') as [string, string?];
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    list.addSubnet(address, Number(bits ?? (type === 'ipv4' ? 32 : 128)), type);
  }
  return list;
}

/** The socket's peer address, without the `::ffff:` prefix of IPv4-mapped addresses. */
export function peerAddress(remoteAddress: string | undefined): string {
  const address = remoteAddress ?? '';
  return address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** The address the access list judges: the socket's peer, never a header a client could forge. */
export function requestAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  mutants: Mutants,
): string {
  const forwarded = [forwardedFor].flat()[0]?.split(',')[0]?.trim();
  if (forwarded && mutants.has('SVC-ACCESS-LIST:forwarded-for')) return forwarded;
  return peerAddress(remoteAddress);
}
