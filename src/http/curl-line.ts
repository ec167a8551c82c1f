// A request of the record as a curl command line, for reproducing a failure by hand.
import type { SentRequest } from '../exchange.ts';

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
