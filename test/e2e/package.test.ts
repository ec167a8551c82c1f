// The package as a user gets it: `npm pack` builds it (prepack), the tarball holds the compiled CLI and what it reads
// (no TypeScript, no tests), and installed into an empty directory it runs without tsx: --version, rules, and a
// full run against the embedded reference target, whose reports land in that directory.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../../src/catalogue/catalogue.ts';
import type { Report } from '../../src/report/report.ts';
import { reportSchemaProblems } from './report-schema.ts';

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
    expect(full.code, full.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(user, 'reports', 'conformance.json'), 'utf8')) as Report;
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
});
