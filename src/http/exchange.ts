// One HTTP exchange as evidence: what was sent and what came back, with every secret redacted.

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Environment variable names of the credentials used, for the curl reproduction. */
  credentialEnv?: { publicKey?: string; privateKey?: string; token?: string };
}

export interface ReceivedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  /** Body as text, truncated for the record; the full bytes stay on the Response object. */
  body: string;
  bodyBytes: number;
}

export interface Exchange {
  request: SentRequest;
  response?: ReceivedResponse;
  error?: { cause: string; message: string };
  startedAt: string;
  durationMs: number;
}

export const evidenceBodyLimit = 4096;

/** Replaces every known secret value, and the secret parts of Authorization headers, before anything is kept. */
export class Redactor {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined): void {
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets) out = out.split(secret).join('[REDACTED]');
    return out;
  }

  authorization(value: string): string {
    if (/^bearer\s/i.test(value)) return 'Bearer [REDACTED]';
    if (/^basic\s/i.test(value)) return 'Basic [REDACTED]';
    return this.text(value.replace(/(response|cnonce)="[^"]*"/gi, '$1="[REDACTED]"'));
  }

  headers<T extends string | string[]>(h: Record<string, T>): Record<string, T> {
    const out: Record<string, T> = {};
    for (const [k, v] of Object.entries(h)) {
      const lower = k.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') out[k] = this.authorization(String(v)) as T;
      else out[k] = (Array.isArray(v) ? v.map((x) => this.text(x)) : this.text(v as string)) as T;
    }
    return out;
  }
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command line reproducing the request; credentials come from the same environment variables, never values. */
export function curlLine(r: SentRequest, tls: { caFile?: string; insecure?: boolean } = {}): string {
  const parts = ['curl', '-sS', '-i'];
  if (tls.caFile) parts.push('--cacert', shellQuote(tls.caFile));
  else if (tls.insecure) parts.push('-k');
  if (r.method === 'HEAD') parts.push('-I');
  else if (r.method !== 'GET' || r.body !== undefined) parts.push('-X', r.method);
  if (r.credentialEnv?.privateKey)
    parts.push('--digest', '-u', `"$${r.credentialEnv.publicKey}:$${r.credentialEnv.privateKey}"`);
  if (r.credentialEnv?.token) parts.push('-H', `"Authorization: Bearer $${r.credentialEnv.token}"`);
  for (const [k, v] of Object.entries(r.headers)) {
    if (k.toLowerCase() === 'authorization' || k.toLowerCase() === 'content-length') continue;
    parts.push('-H', shellQuote(`${k}: ${v}`));
  }
  if (r.body !== undefined) parts.push('--data-binary', shellQuote(r.body));
  parts.push(shellQuote(r.url));
  return parts.join(' ');
}
