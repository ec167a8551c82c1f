// A test's own server listening on a free port of the loopback address, and the base URL to reach it.
import type { AddressInfo, Server } from 'node:net';

export async function listenLocally(server: Server, scheme: 'http' | 'https'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
