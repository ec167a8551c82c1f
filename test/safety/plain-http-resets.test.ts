// A target served over TLS whose plain-HTTP address resets every connection, as a conformant one may: the POSTs of
// the HTTPS-only probe reach no API, so the cleanup has no collection to search for a create that lost its answer.
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../e2e/cli.ts';
import { startLiveReference, type LiveReference } from './live-target.ts';

const resetter = createServer((socket) => socket.resetAndDestroy());
let reference: LiveReference | undefined;

afterAll(async () => {
  resetter.close();
  await reference?.close();
});

it('searches no collection after the plain-HTTP probe, whose POSTs are reset', async () => {
  resetter.listen(0, '127.0.0.1');
  await once(resetter, 'listening');
  reference = await startLiveReference();
  const plainHttpUrl = `http://127.0.0.1:${(resetter.address() as AddressInfo).port}`;
  const run = await runCli(
    ['run', '--profile', reference.profile({ fields: { plainHttpUrl } }), '--rule', 'SVC-HTTPS-ONLY'],
    reference.env,
  );
  expect(run.code, run.stderr).toBe(0);
  expect(run.report!.rules.find((r) => r.id === 'SVC-HTTPS-ONLY')!.status).toBe('pass');
  expect(run.stderr).not.toMatch(/lost its answer/);
  expect(run.report!.cleanup).toMatchObject({ leftovers: [] });
}, 120_000);
