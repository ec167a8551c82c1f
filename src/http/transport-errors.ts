// Names the cause of a failed exchange from undici's and Node's error codes.
import type { TargetErrorCause } from '../outcome.ts';

const tlsCodes = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_OSSL|HOSTNAME_MISMATCH)/;

export function transportCause(e: unknown): TargetErrorCause {
  const err = e as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  const code = err.code ?? '';
  const inner = err.cause?.code ?? '';
  const codes = [code, inner];
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    err.cause?.name === 'TimeoutError' ||
    codes.some((c) => /TIMEOUT|ETIMEDOUT/.test(c))
  )
    return 'timeout';
  if (codes.some((c) => tlsCodes.test(c))) return 'tls';
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')) return 'dns';
  if (codes.some((c) => c === 'ECONNREFUSED')) return 'refused';
  if (codes.some((c) => c === 'ECONNRESET' || c === 'UND_ERR_SOCKET' || c === 'EPIPE' || c === 'UND_ERR_CLOSED'))
    return 'reset';
  return 'transport';
}
