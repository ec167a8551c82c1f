// Certification: a run with no rule filter and no baseline writes reports/certificate.json. `certify` is that
// run against a live target: the certificate names the TLS certificate the target presented, keeps the
// profile's environment variable names and never their values, the seed and the cases per property, and holds every
// rule's result and the verdict under a SHA-256 of its canonical JSON; `verify` accepts it and refuses any change.
import { createHash, X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import canonicalizeModule from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReportFiles } from '../../reporters/report-files.ts';
import { startEmbedded, type Embedded } from '../../src/cli/embedded.ts';
import { loadProfile } from '../../src/profile/load.ts';
import { verdictOf, type Certificate } from '../../src/report/certificate.ts';
import { runCli, type CliRun } from './cli.ts';

const canonicalize = ((canonicalizeModule as unknown as { default?: unknown }).default ?? canonicalizeModule) as (v: unknown) => string;
const profileFile = 'config/reference.json';
let reference: Embedded;
let certify: CliRun;
let certificate: Certificate;
const dir = mkdtempSync(join(tmpdir(), 'certificate-'));

async function verify(c: unknown): Promise<CliRun> {
  const file = join(mkdtempSync(join(tmpdir(), 'verify-')), 'certificate.json');
  writeFileSync(file, JSON.stringify(c));
  return runCli(['verify', file]);
}

const rehash = (c: Certificate): Certificate => {
  const { sha256: _old, ...rest } = c;
  return { ...rest, sha256: createHash('sha256').update(canonicalize(rest)).digest('hex') };
};

beforeAll(async () => {
  // The reference target as a live target: started here, reached through a profile with its CA and address.
  const profile = loadProfile(profileFile);
  reference = await startEmbedded(profile, []);
  writeFileSync(join(dir, 'ca.pem'), reference.caPem);
  const live = JSON.parse(readFileSync(profileFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'live.json'), JSON.stringify({
    ...live, $schema: undefined, name: 'reference as a live target', baseUrl: reference.baseUrl, plainHttpUrl: reference.plainUrl, tls: { caFile: 'ca.pem' },
  }));
  certify = await runCli(['certify', '--profile', join(dir, 'live.json'), '--seed', '99', '--num-runs', '20']);
  certificate = JSON.parse(readFileSync(join(certify.reportsDir, 'certificate.json'), 'utf8')) as Certificate;
}, 300_000);

afterAll(async () => {
  await reference?.close();
});

describe('certify', () => {
  it('writes a certificate naming the target, its TLS certificate, the profile without secrets and every rule', () => {
    expect(certify.stdout).toMatch(/certificate: .*certificate\.json \((not )?conformant\)/);
    expect(certificate.target.baseUrl).toBe(reference.baseUrl);
    expect(certificate.target.tlsCertificateSha256).toBe(new X509Certificate(reference.caPem).fingerprint256);
    expect(certificate.profile.credentials.owner).toMatchObject({ publicKeyEnv: 'REFERENCE_OWNER_PUBLIC_KEY', privateKeyEnv: 'REFERENCE_OWNER_PRIVATE_KEY' });
    const text = readFileSync(join(certify.reportsDir, 'certificate.json'), 'utf8');
    for (const name of ['REFERENCE_OWNER_PRIVATE_KEY', 'REFERENCE_OWNER2_PRIVATE_KEY', 'REFERENCE_SERVICE_ACCOUNT_TOKEN']) {
      expect(text).not.toContain(process.env[name]!);
    }
    const report = certify.report!;
    expect(certificate.rules).toEqual(report.rules.map((r) => ({ id: r.id, level: r.level, status: r.status, ...(r.reason ? { reason: r.reason } : {}) })));
    expect([certificate.suite, certificate.spec, certificate.catalogue, certificate.seed]).toEqual([report.suite, report.spec, report.catalogue, report.seed]);
  });

  it('names the seed and the cases per property, and no filter; its rerun line repeats them', () => {
    expect([certificate.seed, certificate.numRuns, certificate.filter]).toEqual([99, 20, null]);
    const rerun = `npx conformance certify --profile ${join(dir, 'live.json')} --seed 99 --num-runs 20`;
    expect(certify.report!.rerun).toBe(rerun);
    expect(certify.stdout.split('\n')).toContain(`rerun this run: ${rerun}`);
  });

  it('seals the record with the SHA-256 of its canonical JSON (sorted keys)', () => {
    expect(rehash(certificate).sha256).toBe(certificate.sha256);
  });

  it('gives the verdict of its MUST rules, and exits with it', () => {
    const must = certificate.rules.filter((r) => r.level === 'MUST');
    const conformant = must.every((r) => r.status === 'pass');
    expect(certificate.verdict.conformant).toBe(conformant);
    expect(certify.code).toBe(conformant ? 0 : 1);
    const untested = must.filter((r) => r.status === 'untested').map((r) => r.id);
    if (untested.length) expect(certificate.verdict.reasons).toContain(`${untested.length} MUST rule${untested.length > 1 ? 's' : ''} untested (no check implements them yet): ${untested.join(', ')}`);
  });

  it('refuses rule filters and a baseline with exit code 2', async () => {
    for (const extra of [['--rule', 'METH-405'], ['--tag', 'smoke'], ['--baseline', 'baseline.json']]) {
      const r = await runCli(['certify', ...extra]);
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/certify judges every rule/);
      expect(r.report).toBeUndefined();
    }
  });

  it('is not written by a filtered run, which also removes one left from an earlier run', async () => {
    const filtered = await runCli(['run', '--rule', 'METH-405']);
    expect(() => readFileSync(join(filtered.reportsDir, 'certificate.json'))).toThrow(/ENOENT/);
    const stale = mkdtempSync(join(tmpdir(), 'stale-'));
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, 'certificate.json'), '{}');
    writeReportFiles(filtered.report!, stale, { profile: loadProfile(profileFile) });
    expect(() => readFileSync(join(stale, 'certificate.json'))).toThrow(/ENOENT/);
  });
});

describe('verdict', () => {
  const must = (status: string) => ({ id: `M-${status}`, level: 'MUST' as const, status: status as 'pass' });
  it('is conformant only when every MUST rule passes; SHOULD and INFO rules do not count', () => {
    expect(verdictOf([must('pass'), { id: 'S', level: 'SHOULD', status: 'fail' }], [])).toEqual({ conformant: true, reasons: ['all 1 MUST rules pass'] });
    for (const status of ['fail', 'error', 'skipped', 'untested']) {
      const v = verdictOf([must('pass'), must(status)], []);
      expect(v.conformant, status).toBe(false);
      expect(v.reasons).toEqual([expect.stringMatching(new RegExp(`^1 MUST rule ${status === 'fail' ? 'failed' : status === 'error' ? 'erred' : status}.*: M-${status}$`))]);
    }
  });

  it('lists MUST rules judged in part with their profile facts, and refuses a MUST skip that names no profile fact', () => {
    const skip = (fact: string) => ({ rule: 'M-pass', level: 'MUST' as const, check: 'a check', fact, reason: 'why' });
    const partial = verdictOf([must('pass')], [skip('allowBillable')]);
    expect(partial.conformant).toBe(true);
    expect(partial.reasons[1]).toMatch(/^1 of them in part.*: M-pass$/);
    const unexplained = verdictOf([must('pass')], [skip('')]);
    expect(unexplained).toEqual({ conformant: false, reasons: ['1 MUST check(s) skipped without a profile fact: M-pass (a check)'] });
  });
});

describe('verify', () => {
  it('accepts the certificate as written', async () => {
    const r = await runCli(['verify', join(certify.reportsDir, 'certificate.json')]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/^valid: .* is (not )?conformant \(suite .*, seed 99, num-runs 20\)$/m);
  });

  it('refuses a changed result, a changed checksum, a verdict that does not follow, and a record that is not a certificate', async () => {
    const changed = structuredClone(certificate);
    changed.rules[0]!.status = changed.rules[0]!.status === 'pass' ? 'fail' : 'pass';
    const tampered = await verify(changed);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/sha256 does not match the record/);

    const fewerCases = await verify({ ...certificate, numRuns: 1 });
    expect(fewerCases.code).toBe(1);
    expect(fewerCases.stdout).toMatch(/sha256 does not match the record/);

    const filtered = await verify(rehash({ ...certificate, filter: { rules: ['METH-405'], tags: ['errors'] } }));
    expect(filtered.code).toBe(1);
    expect(filtered.stdout).toMatch(/filter: a certificate covers every rule, this run judged only rule METH-405, tag errors/);
    expect(filtered.stdout).not.toMatch(/sha256 does not match/);

    const otherSpec = rehash({ ...certificate, spec: { ...certificate.spec, sha256: '0'.repeat(64) } });
    const spec = await verify(otherSpec);
    expect(spec.code).toBe(1);
    expect(spec.stdout).toMatch(/spec\.sha256: 0{64} is not the checksum of this suite's spec/);
    expect(spec.stdout).not.toMatch(/sha256 does not match/);

    const otherSuite = rehash({ ...certificate, suite: { ...certificate.suite, version: '99.0.0' }, catalogue: { ...certificate.catalogue, sha256: 'f'.repeat(64) } });
    const suite = await verify(otherSuite);
    expect(suite.code).toBe(1);
    expect(suite.stdout).toMatch(/suite\.version: made by suite 99\.0\.0/);
    expect(suite.stdout).toMatch(/catalogue\.sha256: f{64} is not the checksum/);

    const flipped = rehash({ ...certificate, verdict: { conformant: !certificate.verdict.conformant, reasons: [] } });
    const verdict = await verify(flipped);
    expect(verdict.code).toBe(1);
    expect(verdict.stdout).toMatch(/verdict: says .*, the rule results say/);

    const junk = await verify({ format: 'conformance-certificate/1' });
    expect(junk.code).toBe(1);
    expect(junk.stdout).toMatch(/not a certificate: suite: required field is missing/);
  });
});
