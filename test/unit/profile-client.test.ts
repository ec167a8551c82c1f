// The run's one way to build a client from a profile, and its one decision that the target is the embedded one.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { embeddedTarget } from '../../src/cli/args.ts';
import { loadProfile } from '../../src/profile/load.ts';
import { profileClient } from '../../src/target/profile-client.ts';

describe('profileClient', () => {
  const profile = { ...loadProfile('config/reference.json'), baseUrl: 'https://127.0.0.1:1' };
  beforeEach(() => {
    for (const ref of Object.values(profile.credentials)) {
      for (const variable of [ref.publicKeyEnv, ref.privateKeyEnv, ref.tokenEnv])
        if (variable) vi.stubEnv(variable, `secret-of-${variable}`);
    }
    return () => vi.unstubAllEnvs();
  });

  it("takes the profile's settings, the CA the runner knows, and the caller's own options", async () => {
    const c = profileClient(profile, 'PEM', { connections: 2 });
    expect(c.options).toMatchObject({
      baseUrl: profile.baseUrl,
      ca: 'PEM',
      insecure: profile.tls.insecure,
      requestTimeoutMs: profile.timeouts.requestMs,
      connectTimeoutMs: profile.timeouts.connectMs,
      maxBodyBytes: profile.maxBodyBytes,
      connections: 2,
      retries: profile.retries,
    });
    expect(Object.keys(c.options.credentials).sort()).toEqual(Object.keys(profile.credentials).sort());
    await c.close();
  });

  it("keeps the profile's concurrency where the caller names no connections", async () => {
    const c = profileClient(profile, undefined);
    expect(c.options.connections).toBe(profile.concurrency);
    await c.close();
  });
});

describe('embeddedTarget', () => {
  it('is the embedded target for --target reference, or without target and profile', () => {
    expect(embeddedTarget({ target: 'reference', profile: 'p.json' })).toBe(true);
    expect(embeddedTarget({})).toBe(true);
    expect(embeddedTarget({ profile: 'p.json' })).toBe(false);
    expect(embeddedTarget({ target: 'https://example.test' })).toBe(false);
  });
});
