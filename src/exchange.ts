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

/** Whether a request was sent with credentials (an Authorization header, its value redacted in the record). */
export const sentCredentials = (request: SentRequest): boolean =>
  Object.keys(request.headers).some((h) => h.toLowerCase() === 'authorization');

/** Bytes of a body the record keeps; a longer body is cut there. */
export const evidenceBodyLimit = 4096;
