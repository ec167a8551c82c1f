// Authentication (spec 5): Digest for API keys, Bearer tokens for service accounts, then the API access list.
import { createHash } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { ipNotOnAccessList, unauthorized } from '../errors.ts';
import type { PrincipalRecord } from '../store.ts';
import { NonceStore, digestChallenges, digestResponseMatches, parseDigestParams, parseNonceCount, safeEqual } from './digest.ts';

export interface Secrets { publicKey?: string; privateKey?: string; token?: string }

/** A principal of the seed with its secrets and its API access list. */
export interface Caller { record: PrincipalRecord; publicKey: string; privateKey?: string; token?: string; accessList: BlockList }

export interface AuthRequest { method: string; url: string; authorization: string | undefined }

export class Authenticator {
  private readonly nonces = new NonceStore();
  private readonly callers: Caller[];

  constructor(principals: PrincipalRecord[], secrets: Record<string, Secrets>, private readonly realm: string) {
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
    if (scheme === 'bearer') return this.byToken(rest.trim());
    if (scheme === 'digest') return this.byDigest(parseDigestParams(rest), req);
    throw this.challenge(false);
  }

  private byToken(token: string): Caller {
    const digest = (text: string) => createHash('sha256').update(text).digest('hex');
    const given = digest(token);
    const caller = this.callers.find((c) => c.token !== undefined && safeEqual(digest(c.token), given));
    if (!caller || token === '') throw this.challenge(false);
    return caller;
  }

  private byDigest(params: Record<string, string>, req: AuthRequest): Caller {
    const caller = this.callers.find((c) => c.record.kind === 'apiKey' && c.publicKey === params.username);
    const password = caller?.privateKey;
    if (!caller || password === undefined) throw this.challenge(false);
    if (!digestResponseMatches(params, { method: req.method, uri: req.url, realm: this.realm }, password)) throw this.challenge(false);
    const nc = parseNonceCount(params.nc);
    if (Number.isNaN(nc)) throw this.challenge(false);
    const state = this.nonces.use(params.nonce, nc);
    if (state === 'stale') throw this.challenge(true);
    if (state === 'replayed') throw this.challenge(false);
    return caller;
  }

  private challenge(stale: boolean) {
    return unauthorized(digestChallenges(this.realm, this.nonces.issue(), stale));
  }
}

function accessListOf(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, bits] = cidr.split('/');
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

/** Spec 5: a request from an address outside the caller's API access list is refused (403). */
export function checkAccessList(caller: Caller, address: string): void {
  const allowed = address !== '' && caller.accessList.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  if (!allowed) throw ipNotOnAccessList(address);
}
