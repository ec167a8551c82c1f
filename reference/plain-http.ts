// Spec 1: plain HTTP is not served. The optional plain listener only redirects to HTTPS, with an empty body.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bracketed } from './context.ts';
import { errorBody, unauthorized } from './errors.ts';
import type { Mutants } from './mutants.ts';

export interface RedirectListener {
  port: number;
  close(): Promise<void>;
}

export async function startRedirectListener(
  host: string,
  port: number,
  httpsPort: number,
  mutants: Mutants,
): Promise<RedirectListener> {
  const server: Server = createServer((req, res) => {
    // Mutants: DELETE alone is served in the clear, with the API's JSON 401 error; or what lies below a project (its
    // resources: the redirect written for the API's top paths alone).
    if (
      mutants.has('SVC-HTTPS-ONLY') ||
      (req.method === 'DELETE' && mutants.has('SVC-HTTPS-ONLY:delete')) ||
      (/\/groups\/[^/?]+\/[^/?]/.test(req.url ?? '') && mutants.has('SVC-HTTPS-ONLY:below-project'))
    ) {
      // Mutant: the API's own 401 error, served in the clear instead of the redirect.
      res
        .writeHead(401, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(errorBody(unauthorized([]), mutants)));
      return;
    }
    res.writeHead(301, {
      Location: `https://${hostnameOf(req.headers.host) ?? bracketed(host)}:${httpsPort}${req.url ?? '/'}`,
      'Content-Length': '0',
    });
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The host name of a Host header (an IPv6 address keeps its brackets), without the port. */
function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname || undefined;
  } catch {
    return undefined;
  }
}
