// The CLI's contract with its user: help per command, version, rule and mutant listings, one-line errors that name the
// nearest known word, exit code 2 before any rule runs, and a filtered run that lists only the rules it selected.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutantCatalogue } from '../../reference/mutants.ts';
import { rules } from '../../src/catalogue/catalogue.ts';
import { cliPattern, profileFile, runCli } from './cli.ts';

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
    // The commands as they start from where the help was asked: here, the clone's root, outside which the CLI lies.
    expect(r.stdout).toMatch(new RegExp(`^ {2}${cliPattern} run `, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^ {2}${cliPattern} rules `, 'm'));
  });

  it("gives each command its own help, and the suite's version", async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
    const version = await runCli(['--version']);
    expect([version.code, version.stdout]).toEqual([0, `${pkg.name} ${pkg.version}\n`]);
    const certify = await runCli(['certify', '--help']);
    expect(certify.code).toBe(0);
    expect(certify.stdout).toMatch(new RegExp(`^${cliPattern} certify`));
    expect(certify.stdout).toMatch(/--sign-key PEM/);
    expect(certify.stdout).not.toMatch(/--rule ID|--baseline FILE/);
    const verify = await runCli(['help', 'verify']);
    expect(verify.stdout).toMatch(new RegExp(`^${cliPattern} verify FILE \\[--public-key PEM\\]`));
    expect(verify.stdout).not.toMatch(/--profile/);
    const run = await runCli(['run', '-h']);
    expect(run.stdout).toMatch(/--rule ID/);
    expect(run.stdout).not.toMatch(/--sign-key/);
  });

  it('lists every catalogue rule', async () => {
    const r = await runCli(['rules', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id)).toEqual(rules.map((x) => x.id));
  });

  it('shows the tags of each rule', async () => {
    const r = await runCli(['rules', '--tag', 'smoke']);
    expect(r.code).toBe(0);
    const smoke = rules.filter((x) => x.tags.includes('smoke'));
    for (const rule of smoke)
      expect(r.stdout).toMatch(new RegExp(`^\\S+\\s+${rule.id}\\s+${rule.level}\\s+${rule.tags.join(',')}\\s+`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^${smoke.length} rules$`, 'm'));
  });

  it('lists the mutants of the reference target', async () => {
    const r = await runCli(['reference', '--list-mutants']);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .slice(0, -1)
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(mutantCatalogue.map((m) => m.id));
  });

  /** A usage error: exit code 2, one line on stderr and no stack trace, nothing run. */
  async function refused(args: string[], message: RegExp): Promise<void> {
    const r = await runCli(args);
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stderr.trim().split('\n'), r.stderr).toEqual([expect.stringMatching(message)]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.report).toBeUndefined();
  }

  it('refuses unknown options, commands, rule ids, tags and mutants on one line, naming the nearest known one', async () => {
    await refused(
      ['run', '--frobnicate'],
      new RegExp(`^conformance: unknown option '--frobnicate'; ${cliPattern} run --help lists its options$`),
    );
    await refused(['run', '--nmu-runs', '3'], /unknown option '--nmu-runs' \(did you mean --num-runs\?\)/);
    await refused(
      ['run', '--cases', 'coverin'],
      /--cases takes covering or all, not 'coverin' \(did you mean covering\?\)/,
    );
    await refused(['certfy'], /unknown command 'certfy' \(did you mean certify\?\)/);
    await refused(
      ['run', '--rule', 'NO-SUCH-RULE'],
      new RegExp(`^conformance: unknown rule id: NO-SUCH-RULE \\(see '${cliPattern} rules'\\)$`),
    );
    await refused(['run', '--rule', 'METH-406'], /unknown rule id: METH-406 \(did you mean METH-405\?\)/);
    await refused(['run', '--tag', 'smok'], /unknown tag: smok \(did you mean smoke\?\)/);
    await refused(
      ['run', '--mutant', 'NOPE'],
      new RegExp(`^conformance: unknown mutant: NOPE \\(${cliPattern} reference --list-mutants lists them\\)$`),
    );
    await refused(['run', '--mutant', 'METH-40'], /unknown mutant: METH-40 \(did you mean METH-405\?\)/);
  });

  it('refuses options of another command, a missing value, and a reports directory under a file', async () => {
    await refused(
      ['rules', '--seed', '3'],
      new RegExp(`^conformance: --seed does not apply to rules \\(${cliPattern} rules --help lists its options\\)$`),
    );
    await refused(['rules', '--tag'], /^conformance: --tag takes a value$/);
    await refused(['run', '--rule', '--tag', 'smoke'], /--rule takes a value, not an option/);
    const file = join(mkdtempSync(join(tmpdir(), 'file-')), 'a-file');
    writeFileSync(file, '');
    await refused(
      ['run', '--rule', 'METH-405', '--reports', join(file, 'reports')],
      /^conformance: --reports .*a-file\/reports: cannot create the directory: ENOTDIR$/,
    );
  });

  it('prints only the selected rules of a filtered run, and how many it left out, counting none skipped', async () => {
    const summary = join(mkdtempSync(join(tmpdir(), 'summary-')), 'summary.md');
    const r = await runCli(['run', '--rule', 'METH-405', '--num-runs', '1', '--strict', '--summary', summary]);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^ {2}\S+\s+(MUST|SHOULD|INFO)\s/.test(l));
    expect(rows).toEqual([expect.stringMatching(/^ {2}METH-405\s+MUST\s+PASS/)]);
    expect(r.stdout).toMatch(
      new RegExp(
        `^${rules.length - 1} of ${rules.length} rules not selected by the filter \\(rule METH-405\\): left out$`,
        'm',
      ),
    );
    expect(r.stdout).toContain(
      `${rules.length} rules: 1 pass, 0 fail, 0 error, 0 skipped, 0 untested, ${rules.length - 1} left out`,
    );
    expect(r.report!.totals).toMatchObject({ pass: 1, skipped: 0, 'left-out': rules.length - 1 });
    const leftOut = r.report!.mustTotals['left-out'];
    expect(readFileSync(summary, 'utf8')).toContain(
      `**✅ every selected MUST rule passed (${leftOut} left out by the filter)** · 1 of ${rules.length} rules selected`,
    );
    // Allure's results are written only on request (--allure).
    expect(readdirSync(r.reportsDir).sort()).toEqual(['conformance.json', 'index.html', 'junit.xml']);
  });

  it('names a typo in a profile field', async () => {
    const r = await runCli(['run', '--profile', profileFile({ ...live, pagingg: {} })]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/pagingg: unknown field \(did you mean paging\?\)/);
  });

  it('names tls.caFile and its path in one line when the file is missing', async () => {
    const file = profileFile({ ...live, tls: { caFile: 'no-such-ca.pem' } });
    const r = await runCli(['run', '--profile', file], { T_PUB: 'x', T_PRIV: 'y' });
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `conformance: bad profile: ${file}: tls.caFile: no such file: ${join(dirname(file), 'no-such-ca.pem')}`,
    ]);
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
    const dns = await runCli(['run', '--profile', profileFile({ ...live, baseUrl: 'https://no-such-host.invalid' })], {
      T_PUB: 'x',
      T_PRIV: 'y',
    });
    expect(dns.code).toBe(2);
    expect(dns.stderr).toMatch(/target unreachable: DNS: cannot resolve no-such-host\.invalid/);
  });
});
