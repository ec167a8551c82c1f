// Service-account sign-in (real-service facts 9): OAuth 2.0 client credentials (RFC 6749 section 4.4) at
// `/api/oauth/token`, revocation (RFC 7009) at `/api/oauth/revoke`; the tokens it issues expire.
import { createHash, randomBytes } from 'node:crypto';
import { safeEqual } from './digest.ts';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}
export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const TOKEN_PATH = '/api/oauth/token';
export const REVOKE_PATH = '/api/oauth/revoke';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** RFC 6749 section 5.2: an error answer of the token endpoint. */
const oauthError = (status: number, error: string, description: string): TokenAnswer => ({
  status,
  body: { error, error_description: description },
});

export class TokenIssuer {
  /** Issued tokens by their SHA-256: the principal's name and when the token stops being valid. */
  private readonly tokens = new Map<string, { principal: string; expiresAt: number }>();

  constructor(
    private readonly clients: Record<string, ClientCredentials>,
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
  ) {}

  /** The principal a live issued token belongs to, or undefined (unknown, expired or revoked). */
  principalOf(token: string): string | undefined {
    const entry = this.tokens.get(sha256(token));
    if (!entry) return undefined;
    if (this.clock() >= entry.expiresAt) {
      this.tokens.delete(sha256(token));
      return undefined;
    }
    return entry.principal;
  }

  /** `POST /api/oauth/token`: Basic client authentication, form body `grant_type=client_credentials`. */
  token(authorization: string | undefined, body: string): TokenAnswer {
    const principal = this.client(authorization);
    if (!principal) return oauthError(401, 'invalid_client', 'Client authentication failed.');
    const grant = new URLSearchParams(body).get('grant_type');
    if (grant !== 'client_credentials')
      return oauthError(400, 'unsupported_grant_type', `Grant type ${grant ?? '(none)'} is not supported.`);
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(sha256(token), { principal, expiresAt: this.clock() + this.ttlSeconds * 1000 });
    return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: this.ttlSeconds } };
  }

  /** `POST /api/oauth/revoke`: RFC 7009 answers 200 whether or not the token was known. */
  revoke(authorization: string | undefined, body: string): TokenAnswer {
    const principal = this.client(authorization);
    if (!principal) return oauthError(401, 'invalid_client', 'Client authentication failed.');
    const token = new URLSearchParams(body).get('token');
    if (!token) return oauthError(400, 'invalid_request', 'The token parameter is required.');
    const key = sha256(token);
    // A client revokes only its own tokens (RFC 7009 section 2.1).
    if (this.tokens.get(key)?.principal === principal) this.tokens.delete(key);
    return { status: 200, body: {} };
  }

  /** The principal whose client id and secret the Basic header carries. */
  private client(authorization: string | undefined): string | undefined {
    const [scheme, encoded = ''] = (authorization ?? '').trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() !== 'basic') return undefined;
    const text = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon < 0) return undefined;
    // RFC 6749 section 2.3.1: id and secret are form-encoded before Basic encoding.
    let id: string, secret: string;
    try {
      const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
      [id, secret] = [decode(text.slice(0, colon)), decode(text.slice(colon + 1))];
    } catch {
      return undefined;
    }
    const found = Object.entries(this.clients).find(([, c]) => c.clientId === id);
    return found && safeEqual(found[1].clientSecret, secret) ? found[0] : undefined;
  }
}
