// The package as a user gets it: `npm pack` builds it (prepack), the tarball holds the compiled CLI and what it reads
// (no TypeScript, no tests), and installed into an empty directory it runs without tsx: --version, rules, and a
// full run against the embedded reference target, whose reports land in that directory. Its rerun lines run where
// they are printed (npx in that directory, node with the CLI's path elsewhere) and judge as the run did; the Action
// installs it from its `tarball` input.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../../src/catalogue/catalogue.ts';
import type { Report } from '../../src/report/report.ts';
import { runAction } from './action-runner.ts';
import { runLine } from './cli.ts';
import { reportSchemaProblems } from './report-schema.ts';
import { unpassed } from '../support/unpassed.ts';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024, timeout: 600_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};
const packed = mkdtempSync(join(tmpdir(), 'packed-'));
const user = mkdtempSync(join(tmpdir(), 'user-'));
let tarball: string;
let files: string[];

beforeAll(async () => {
  const pack = await run('npm', ['pack', '--pack-destination', packed, '--json'], process.cwd());
  expect(pack.code, pack.stderr).toBe(0);
  const [made] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = join(packed, made!.filename);
  files = made!.files.map((f) => f.path);
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], user);
  expect(install.code, install.stderr).toBe(0);
}, 600_000);

describe('the packed package', () => {
  it('holds the compiled CLI and what it reads, and no TypeScript source or test', () => {
    expect(files).toContain(pkg.bin.conformance);
    for (const needed of [
      'dist/spec/admin-api-spec.md',
      'dist/src/catalogue/rules.json',
      'dist/schemas/conformance-report.schema.json',
      'dist/config/reference.json',
    ]) {
      expect(files).toContain(needed);
    }
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(
      files.filter(
        (f) => !f.startsWith('dist/') && !f.startsWith('docs/') && !['package.json', 'README.md'].includes(f),
      ),
    ).toEqual([]);
  });

  it('installs into an empty directory and runs there without tsx: --version, rules, and a full run', async () => {
    expect(existsSync(join(user, 'node_modules', 'tsx'))).toBe(false);
    const version = await run('npx', ['--no-install', 'conformance', '--version'], user);
    expect([version.code, version.stdout]).toEqual([0, `${pkg.name} ${pkg.version}\n`]);
    const listed = await run('npx', ['--no-install', 'conformance', 'rules'], user);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${rules.length} rules$`, 'm'));
    const full = await run('npx', ['--no-install', 'conformance', 'run', '--num-runs', '5', '--quiet'], user);
    const reportFile = join(user, 'reports', 'conformance.json');
    // A run that exits 1 says why in its report: the rules that did not pass, each with its reason.
    const notPassed = existsSync(reportFile)
      ? unpassed((JSON.parse(readFileSync(reportFile, 'utf8')) as Report).rules)
      : [];
    expect(full.code, [full.stderr, ...notPassed].join('\n')).toBe(0);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    expect(reportSchemaProblems(report)).toEqual([]);
    expect(report.suite).toEqual({ name: pkg.name, version: pkg.version });
    expect(report.rules.map((r) => r.id).sort()).toEqual(rules.map((r) => r.id).sort());
    expect(report.runErrors).toEqual([]);
    expect(full.stdout.trim()).toBe(
      `${report.totals.pass} pass, ${report.totals.fail} fail, ${report.totals.error} error, ${report.totals.skipped} skipped, ${report.totals.untested} untested`,
    );
    const verified = await run('npx', ['--no-install', 'conformance', 'verify', 'reports/certificate.json'], user);
    expect(verified.code, verified.stdout).toBe(0);
  }, 300_000);

  /** The status and baseline mark of METH-405 in the report under `dir`. */
  const meth405 = (dir: string) => {
    const rule = (JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Report).rules.find(
      (r) => r.id === 'METH-405',
    )!;
    return { status: rule.status, baseline: rule.baseline, rerun: rule.rerun };
  };
  const failing = ['run', '--mutant', 'METH-405', '--rule', 'METH-405', '--num-runs', '1'];

  it('prints rerun lines that run where they are printed and judge as the run did: npx in the project, node elsewhere', async () => {
    writeFileSync(
      join(user, 'baseline.json'),
      JSON.stringify({ format: 'conformance-baseline/1', rules: [{ id: 'METH-405', reason: 'known: answers 404' }] }),
    );
    const first = await run(
      'npx',
      ['--no-install', 'conformance', ...failing, '--baseline', 'baseline.json', '--reports', 'rerun'],
      user,
    );
    expect(first.code, first.stderr).toBe(0);
    const original = meth405(join(user, 'rerun'));
    expect(original.rerun).toMatch(
      /^npx conformance run --target reference --mutant METH-405 --rule METH-405 --baseline baseline\.json --seed \d+ --num-runs 1 --cases covering$/,
    );
    const again = await runLine(original.rerun!, user);
    expect(again.code, again.stderr).toBe(0);
    expect(meth405(again.reportsDir)).toEqual(original);

    // Outside the project npx would not find the CLI: the line names the installed CLI by its path.
    const elsewhere = mkdtempSync(join(tmpdir(), 'elsewhere-'));
    const cli = join(user, 'node_modules', '.bin', 'conformance');
    const outside = await run(cli, [...failing, '--reports', 'r'], elsewhere);
    expect(outside.code, outside.stderr).toBe(1);
    const there = meth405(join(elsewhere, 'r'));
    const compiled = join(realpathSync(user), 'node_modules', ...pkg.name.split('/'), pkg.bin.conformance!);
    expect(
      there.rerun!.startsWith(`node ${compiled} run --target reference --mutant METH-405 --rule METH-405 --seed`),
    ).toBe(true);
    const outsideAgain = await runLine(there.rerun!, elsewhere);
    expect(outsideAgain.code, outsideAgain.stderr).toBe(1);
    expect(meth405(outsideAgain.reportsDir)).toEqual(there);
  }, 300_000);

  it('runs in the GitHub Action from its tarball input, whose job summary has a rerun line that runs on the runner', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-'));
    const action = await runAction(
      process.cwd(),
      { tarball, args: failing.slice(1).join(' '), reports: 'out' },
      workspace,
      { npm_config_prefer_offline: 'true' },
    );
    expect(action.code, action.stderr).toBe(1);
    const original = meth405(join(workspace, 'out'));
    expect(original.status).toBe('fail');
    expect(action.summary).toContain(`rerun: \`${original.rerun}\``);
    expect(original.rerun!.startsWith(`node ${join(action.runnerTemp, 'conformance-suite', 'node_modules')}`)).toBe(
      true,
    );
    const again = await runLine(original.rerun!, workspace);
    expect(again.code, again.stderr).toBe(1);
    expect(meth405(again.reportsDir)).toEqual(original);
  }, 300_000);

  it('names in its hints the commands as they start in that project, and they run', async () => {
    const unknown = await run('npx', ['--no-install', 'conformance', 'run', '--frobnicate'], user);
    expect(unknown.stderr.trim()).toBe(
      "conformance: unknown option '--frobnicate'; npx conformance run --help lists its options",
    );
    const help = await run('bash', ['-c', 'npx conformance run --help'], user);
    expect([help.code, help.stdout.split('\n')[0]]).toEqual([
      0,
      expect.stringMatching(/^npx conformance run \[options\]/),
    ]);
    const reference = await run('npx', ['--no-install', 'conformance', 'reference'], user);
    const mock = /runs with (node \S+)\)$/.exec(reference.stderr.trim())?.[1];
    expect(mock).toBe(`node node_modules/${pkg.name}/dist/reference/main.js`);
    const mockHelp = await run('bash', ['-c', `${mock} --help`], user);
    expect(mockHelp.code, mockHelp.stderr).toBe(0);
  });
});
