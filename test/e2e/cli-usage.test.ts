// The CLI's contract with its user: help, rule listing, one-line errors and exit code 2 before any rule runs.
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/catalogue/catalogue.ts';
import { profileFile, runCli } from './cli.ts';

const live = {
  name: 'unreachable',
  baseUrl: 'https://127.0.0.1:1',
  credentials: { owner: { publicKeyEnv: 'T_PUB', privateKeyEnv: 'T_PRIV' } },
  timeouts: { connectMs: 2000 },
};

describe('conformance CLI', () => {
  it('explains run and rules in --help', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/conformance run/);
    expect(r.stdout).toMatch(/conformance rules/);
  });

  it('lists every catalogue rule', async () => {
    const r = await runCli(['rules', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id)).toEqual(rules.map((x) => x.id));
  });

  it('refuses an unknown option with exit code 2', async () => {
    const r = await runCli(['run', '--frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/frobnicate/);
    expect(r.report).toBeUndefined();
  });

  it('refuses an unknown rule id', async () => {
    const r = await runCli(['run', '--rule', 'NO-SUCH-RULE']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown rule id: NO-SUCH-RULE/);
  });

  it('names a typo in a profile field', async () => {
    const r = await runCli(['run', '--profile', profileFile({ ...live, pagingg: {} })]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/pagingg: unknown field/);
  });

  it('names a missing environment variable', async () => {
    const r = await runCli(['run', '--profile', profileFile(live)], { T_PUB: 'x', T_PRIV: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/credentials\.owner\.privateKeyEnv: environment variable T_PRIV is not set/);
  });

  it('says which step fails for an unreachable target', async () => {
    const tcp = await runCli(['run', '--profile', profileFile(live)], { T_PUB: 'x', T_PRIV: 'y' });
    expect(tcp.code).toBe(2);
    expect(tcp.stderr).toMatch(/target unreachable: TCP: 127\.0\.0\.1:1/);
    const dns = await runCli(['run', '--profile', profileFile({ ...live, baseUrl: 'https://no-such-host.invalid' })], { T_PUB: 'x', T_PRIV: 'y' });
    expect(dns.code).toBe(2);
    expect(dns.stderr).toMatch(/target unreachable: DNS: cannot resolve no-such-host\.invalid/);
  });
});
