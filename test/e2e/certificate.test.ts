// Certification: a run with no rule filter and no baseline writes reports/certificate.json. `certify` is that
// run against a live target: the certificate names the TLS certificate the target presented, keeps the
// profile's environment variable names and never their values, the seed and the cases per property, and holds every
// rule's result and the verdict under a SHA-256 of its canonical JSON, signed with the certifier's Ed25519 key;
// `verify` accepts it and refuses any change, and with the public key every forgery.
import { createHash, generateKeyPairSync, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import canonicalizeModule from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReportFiles } from '../../reporters/report-files.ts';
import { startEmbedded, type Embedded } from '../../src/cli/embedded.ts';
import { loadProfile } from '../../src/profile/load.ts';
import { sealCertificate, verdictOf, type Certificate } from '../../src/report/certificate.ts';
import { cliWords, runCli, type CliRun } from './cli.ts';

const canonicalize = ((canonicalizeModule as unknown as { default?: unknown }).default ?? canonicalizeModule) as (
  v: unknown,
) => string;
const profileFile = 'config/reference.json';
let reference: Embedded;
let certify: CliRun;
let certificate: Certificate;
const dir = mkdtempSync(join(tmpdir(), 'certificate-'));

async function verify(c: unknown, ...options: string[]): Promise<CliRun> {
  const file = join(mkdtempSync(join(tmpdir(), 'verify-')), 'certificate.json');
  writeFileSync(file, JSON.stringify(c));
  return runCli(['verify', file, ...options]);
}

/** What a forger can do without the key: recompute the hash (the signature stays as it was). */
const rehash = (c: Certificate): Certificate => {
  const { sha256: _old, signature, ...rest } = c;
  return { ...rest, sha256: createHash('sha256').update(canonicalize(rest)).digest('hex'), signature };
};

/** A key pair in PEM files, as openssl writes them. */
function keyPair(name: string): { privateKey: KeyObject; privateFile: string; publicFile: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const privateFile = join(dir, `${name}.pem`);
  const publicFile = join(dir, `${name}.pub.pem`);
  writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
  return { privateKey, privateFile, publicFile };
}

const certifier = keyPair('certifier');
const forger = keyPair('forger');

/** The certificate `c` with its signature and hash taken off, sealed again (by `key`, or unsigned). */
const reseal = (c: Certificate, key?: KeyObject): Certificate => {
  const { sha256: _hash, signature: _signature, ...record } = c;
  return sealCertificate(record, key);
};

beforeAll(async () => {
  // The reference target as a live target: started here, reached through a profile with its CA and address.
  const profile = loadProfile(profileFile);
  reference = await startEmbedded(profile, []);
  writeFileSync(join(dir, 'ca.pem'), reference.caPem);
  const live = JSON.parse(readFileSync(profileFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    join(dir, 'live.json'),
    JSON.stringify({
      ...live,
      $schema: undefined,
      name: 'reference as a live target',
      baseUrl: reference.baseUrl,
      plainHttpUrl: reference.plainUrl,
      tls: { caFile: 'ca.pem' },
    }),
  );
  certify = await runCli([
    'certify',
    '--profile',
    join(dir, 'live.json'),
    '--seed',
    '99',
    '--num-runs',
    '20',
    '--sign-key',
    certifier.privateFile,
  ]);
  certificate = JSON.parse(readFileSync(join(certify.reportsDir, 'certificate.json'), 'utf8')) as Certificate;
}, 300_000);

afterAll(async () => {
  await reference?.close();
});

describe('certify', () => {
  it('writes a certificate naming the target, its TLS certificate, the profile without secrets and every rule', () => {
    expect(certify.stdout).toMatch(/certificate: .*certificate\.json \(signed\): (not )?conformant/);
    expect(certificate.target.baseUrl).toBe(reference.baseUrl);
    expect(certificate.target.tlsCertificateSha256).toBe(new X509Certificate(reference.caPem).fingerprint256);
    expect(certificate.profile.credentials.owner).toMatchObject({
      publicKeyEnv: 'REFERENCE_OWNER_PUBLIC_KEY',
      privateKeyEnv: 'REFERENCE_OWNER_PRIVATE_KEY',
    });
    const text = readFileSync(join(certify.reportsDir, 'certificate.json'), 'utf8');
    for (const name of [
      'REFERENCE_OWNER_PRIVATE_KEY',
      'REFERENCE_OWNER2_PRIVATE_KEY',
      'REFERENCE_SERVICE_ACCOUNT_TOKEN',
    ]) {
      expect(text).not.toContain(process.env[name]!);
    }
    const report = certify.report!;
    expect(certificate.rules).toEqual(
      report.rules.map((r) => ({
        id: r.id,
        level: r.level,
        status: r.status,
        ...(r.reason ? { reason: r.reason } : {}),
      })),
    );
    expect([certificate.suite, certificate.spec, certificate.catalogue, certificate.seed]).toEqual([
      report.suite,
      report.spec,
      report.catalogue,
      report.seed,
    ]);
  });

  it('names the seed and the cases per property, and no filter; its rerun line repeats them', () => {
    expect([certificate.seed, certificate.numRuns, certificate.cases, certificate.filter]).toEqual([
      99,
      20,
      'covering',
      null,
    ]);
    const rerun = `${cliWords} certify --profile ${join(dir, 'live.json')} --seed 99 --num-runs 20 --cases covering`;
    expect(certificate.profileSha256).toBe(
      createHash('sha256').update(canonicalize(certificate.profile)).digest('hex'),
    );
    expect(certify.report!.rerun).toBe(rerun);
    expect(certify.stdout.split('\n')).toContain(`rerun this run: ${rerun}`);
  });

  it('seals the record with the SHA-256 of its canonical JSON (sorted keys)', () => {
    expect(rehash(certificate).sha256).toBe(certificate.sha256);
  });

  it('gives the verdict of its MUST rules, and exits with it', () => {
    const must = certificate.rules.filter((r) => r.level === 'MUST');
    const conformant = must.every((r) => r.status === 'pass' || r.status === 'not-applicable');
    expect(certificate.verdict.conformant).toBe(conformant);
    expect(certify.code).toBe(conformant ? 0 : 1);
    const untested = must.filter((r) => r.status === 'untested').map((r) => r.id);
    if (untested.length)
      expect(certificate.verdict.reasons).toContain(
        `${untested.length} MUST rule${untested.length > 1 ? 's' : ''} untested (no check implements them yet): ${untested.join(', ')}`,
      );
  });

  it('refuses rule filters, a baseline, and a signing key that is not an Ed25519 private key, with exit code 2', async () => {
    for (const extra of [
      ['--rule', 'METH-405'],
      ['--tag', 'smoke'],
      ['--baseline', 'baseline.json'],
    ]) {
      const r = await runCli(['certify', ...extra]);
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/certify judges every rule/);
      expect(r.report).toBeUndefined();
    }
    const rsa = join(dir, 'rsa.pem');
    writeFileSync(
      rsa,
      generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    for (const [key, error] of [
      [rsa, /--sign-key .*rsa\.pem: an rsa key; certificates are signed with Ed25519/],
      [certifier.publicFile, /not a PEM key of the right kind/],
      [join(dir, 'none.pem'), /cannot read: ENOENT/],
    ] as const) {
      const r = await runCli(['certify', '--sign-key', key]);
      expect(r.code, key).toBe(2);
      expect(r.stderr).toMatch(error);
      expect(r.report).toBeUndefined();
    }
    const run = await runCli(['run', '--sign-key', certifier.privateFile]);
    expect([run.code, run.stderr]).toEqual([2, expect.stringMatching(/--sign-key applies only to certify/)]);
  });

  it('is not written by a filtered run, which also removes one left from an earlier run', async () => {
    const filtered = await runCli(['run', '--rule', 'METH-405']);
    expect(() => readFileSync(join(filtered.reportsDir, 'certificate.json'))).toThrow(/ENOENT/);
    const stale = mkdtempSync(join(tmpdir(), 'stale-'));
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, 'certificate.json'), '{}');
    writeReportFiles(filtered.report!, stale, { profile: loadProfile(profileFile) }, false);
    expect(() => readFileSync(join(stale, 'certificate.json'))).toThrow(/ENOENT/);
  });
});

describe('verdict', () => {
  const must = (status: string) => ({ id: `M-${status}`, level: 'MUST' as const, status: status as 'pass' });
  it('is conformant only when every MUST rule passes; SHOULD and INFO rules do not count', () => {
    expect(verdictOf([must('pass'), { id: 'S', level: 'SHOULD', status: 'fail' }], [])).toEqual({
      conformant: true,
      reasons: ['all 1 MUST rules pass'],
    });
    for (const status of ['fail', 'error', 'skipped', 'untested']) {
      const v = verdictOf([must('pass'), must(status)], []);
      expect(v.conformant, status).toBe(false);
      expect(v.reasons).toEqual([
        expect.stringMatching(
          new RegExp(
            `^1 MUST rule ${status === 'fail' ? 'failed' : status === 'error' ? 'erred' : status}.*: M-${status}$`,
          ),
        ),
      ]);
    }
  });

  it('lists MUST rules judged in part with their profile facts, and refuses a MUST skip that names no profile fact', () => {
    const skip = (fact: string) => ({ rule: 'M-pass', level: 'MUST' as const, check: 'a check', fact, reason: 'why' });
    const partial = verdictOf([must('pass')], [skip('allowBillable')]);
    expect(partial.conformant).toBe(true);
    expect(partial.reasons[1]).toMatch(/^1 of them in part.*: M-pass$/);
    const unexplained = verdictOf([must('pass')], [skip('')]);
    expect(unexplained).toEqual({
      conformant: false,
      reasons: ['1 MUST check(s) skipped without a profile fact: M-pass (a check)'],
    });
  });
});

describe('verify', () => {
  it('accepts the certificate as written, and checks its signature with the public key given', async () => {
    const file = join(certify.reportsDir, 'certificate.json');
    const r = await runCli(['verify', file, '--public-key', certifier.publicFile]);
    expect(r.code, r.stdout).toBe(certificate.verdict.conformant ? 0 : 1);
    expect(r.stdout).toMatch(/^valid: .* is (not )?conformant \(suite .*, seed 99, num-runs 20, cases covering\)$/m);
    expect(r.stdout).toMatch(/^ {2}signed with key [0-9a-f]{64}, signature verified$/m);
    const unchecked = await runCli(['verify', file]);
    expect(unchecked.code).toBe(r.code);
    expect(unchecked.stdout).toMatch(/signature NOT checked: pass the signer's --public-key/);
  });

  it('labels an unsigned certificate as for local use, and refuses it when a public key is given', async () => {
    const unsigned = reseal(certificate);
    expect(unsigned.signature).toBeNull();
    const local = await verify(unsigned);
    expect(local.code, local.stdout).toBe(certificate.verdict.conformant ? 0 : 1);
    expect(local.stdout).toMatch(/^ {2}unsigned: for local use/m);
    const withKey = await verify(unsigned, '--public-key', certifier.publicFile);
    expect(withKey.code).toBe(2);
    expect(withKey.stdout).toMatch(/signature: the certificate is unsigned/);
  });

  it('exits 0 for an intact conformant certificate, 1 for an intact one not conformant, 2 for one that does not verify', async () => {
    const key = ['--public-key', certifier.publicFile];
    const withRules = (status: (r: Certificate['rules'][number]) => Certificate['rules'][number]['status']) => {
      const rules = certificate.rules.map((r) => ({ ...r, status: status(r) }));
      return { ...certificate, rules, verdict: verdictOf(rules, certificate.skippedChecks) };
    };
    const conformant = reseal(
      withRules((r) => (r.level === 'MUST' ? 'pass' : r.status)),
      certifier.privateKey,
    );
    const pass = await verify(conformant, ...key);
    expect([pass.code, pass.stderr]).toEqual([0, '']);
    expect(pass.stdout).toMatch(/^valid: .* is conformant /);

    const first = certificate.rules.find((r) => r.level === 'MUST')!.id;
    const failing = withRules((r) => (r.id === first ? 'fail' : r.level === 'MUST' ? 'pass' : r.status));
    for (const [notConformant, options] of [
      [reseal(failing, certifier.privateKey), key],
      [reseal(failing), []],
    ] as const) {
      const fail = await verify(notConformant, ...options);
      expect(fail.code, fail.stdout).toBe(1);
      expect(fail.stdout).toMatch(/^valid: .* is not conformant /);
      expect(fail.stderr).toMatch(
        new RegExp(
          `^conformance: exit 1: .*certificate\\.json verifies, and says not conformant: 1 MUST rule failed \\(${first}\\)\n$`,
        ),
      );
    }

    // Edited after sealing: signed and checked with the key, signed without the key, and unsigned.
    const edit = (c: Certificate): Certificate => ({ ...c, seed: c.seed + 1 });
    for (const [edited, options] of [
      [edit(conformant), key],
      [edit(conformant), []],
      [edit(reseal(conformant)), []],
      [reseal(conformant), key],
    ] as const) {
      const invalid = await verify(edited, ...options);
      expect(invalid.code, invalid.stdout).toBe(2);
      expect(invalid.stdout).toMatch(/^invalid: /);
      expect(invalid.stderr).toMatch(
        /^conformance: exit 2: .*certificate\.json does not verify \(\d+ problems?\): its verdict cannot be trusted\n$/,
      );
    }
  });

  it("refuses forged certificates when given the certifier's public key", async () => {
    const key = ['--public-key', certifier.publicFile];
    const edited = rehash({
      ...certificate,
      target: { ...certificate.target, name: 'someone else', baseUrl: 'https://someone.example' },
    });
    const rehashed = await verify(edited, ...key);
    expect(rehashed.code).toBe(2);
    expect(rehashed.stdout).toMatch(/signature: does not verify with the public key given/);
    expect(rehashed.stdout).not.toMatch(/sha256 does not match/);

    // A genuine signature of another record by the same key, moved onto this one.
    const other = reseal({ ...certificate, seed: 100 }, certifier.privateKey);
    const swapped = await verify({ ...certificate, signature: other.signature }, ...key);
    expect(swapped.code).toBe(2);
    expect(swapped.stdout).toMatch(/signature: does not verify/);

    const resigned = reseal(edited, forger.privateKey);
    const otherKey = await verify(resigned, ...key);
    expect(otherKey.code).toBe(2);
    expect(otherKey.stdout).toMatch(/signature: made with key [0-9a-f]{64}, not with the public key given/);
    const claimed = await verify(
      { ...resigned, signature: { ...resigned.signature!, publicKeySha256: certificate.signature!.publicKeySha256 } },
      ...key,
    );
    expect(claimed.code).toBe(2);
    expect(claimed.stdout).toMatch(/signature: does not verify/);

    // Genuinely signed, by a suite whose catalogue was another: valid once, not for this suite.
    const older = reseal(
      { ...certificate, catalogue: { ...certificate.catalogue, sha256: 'e'.repeat(64) } },
      certifier.privateKey,
    );
    const old = await verify(older, ...key);
    expect(old.code).toBe(2);
    expect(old.stdout).toMatch(/catalogue\.sha256: e{64} is not the checksum of this suite's rule catalogue/);
    expect(old.stdout).not.toMatch(/signature:/);

    const profile = await verify(
      reseal({ ...certificate, profileSha256: 'a'.repeat(64) }, certifier.privateKey),
      ...key,
    );
    expect(profile.code).toBe(2);
    expect(profile.stdout).toMatch(/profileSha256 is not the digest of the profile/);
  });

  it('is a usage error (exit code 2) for a missing file or a public key that is not one', async () => {
    const missing = await runCli(['verify', '/missing.json']);
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toMatch(/^conformance: verify: no such file: \/missing\.json$/m);
    const rsa = join(dir, 'rsa.pub.pem');
    writeFileSync(
      rsa,
      generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    const badKey = await runCli(['verify', join(certify.reportsDir, 'certificate.json'), '--public-key', rsa]);
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toMatch(
      /^conformance: --public-key .*rsa\.pub\.pem: an rsa key; certificates are signed with Ed25519$/m,
    );
  });

  it('refuses a changed result, a changed checksum, a verdict that does not follow, and a record that is not a certificate', async () => {
    const changed = structuredClone(certificate);
    changed.rules[0]!.status = changed.rules[0]!.status === 'pass' ? 'fail' : 'pass';
    const tampered = await verify(changed);
    expect(tampered.code).toBe(2);
    expect(tampered.stdout).toMatch(/sha256 does not match the record/);

    const fewerCases = await verify({ ...certificate, numRuns: 1 });
    expect(fewerCases.code).toBe(2);
    expect(fewerCases.stdout).toMatch(/sha256 does not match the record/);

    const filtered = await verify(rehash({ ...certificate, filter: { rules: ['METH-405'], tags: ['errors'] } }));
    expect(filtered.code).toBe(2);
    expect(filtered.stdout).toMatch(
      /filter: a certificate covers every rule, this run judged only rule METH-405, tag errors/,
    );
    expect(filtered.stdout).not.toMatch(/sha256 does not match/);

    const otherSpec = rehash({ ...certificate, spec: { ...certificate.spec, sha256: '0'.repeat(64) } });
    const spec = await verify(otherSpec);
    expect(spec.code).toBe(2);
    expect(spec.stdout).toMatch(/spec\.sha256: 0{64} is not the checksum of this suite's spec/);
    expect(spec.stdout).not.toMatch(/sha256 does not match/);

    const otherSuite = rehash({
      ...certificate,
      suite: { ...certificate.suite, version: '99.0.0' },
      catalogue: { ...certificate.catalogue, sha256: 'f'.repeat(64) },
    });
    const suite = await verify(otherSuite);
    expect(suite.code).toBe(2);
    expect(suite.stdout).toMatch(/suite\.version: made by suite 99\.0\.0/);
    expect(suite.stdout).toMatch(/catalogue\.sha256: f{64} is not the checksum/);

    const flipped = rehash({ ...certificate, verdict: { conformant: !certificate.verdict.conformant, reasons: [] } });
    const verdict = await verify(flipped);
    expect(verdict.code).toBe(2);
    expect(verdict.stdout).toMatch(/verdict: says .*, the rule results say/);

    const junk = await verify({ format: 'conformance-certificate/1' });
    expect(junk.code).toBe(2);
    expect(junk.stdout).toMatch(/not a certificate: suite: required field is missing/);
  });
});

describe('a target with no deleted version and every resource at one version', () => {
  it('is certified conformant, listing the rules about them as not applicable; plan, run and HTML say so', async () => {
    const live = JSON.parse(readFileSync(profileFile, 'utf8')) as { versions: { resources: Record<string, string[]> } };
    const file = join(dir, 'one-version.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...live,
        $schema: undefined,
        versions: {
          deleted: [],
          resources: Object.fromEntries(Object.keys(live.versions.resources).map((r) => [r, ['2023-02-01']])),
        },
      }),
    );
    const plan = JSON.parse((await runCli(['plan', '--profile', file, '--json'])).stdout) as {
      rules: { id: string; status: string }[];
    };
    const planned = plan.rules.filter((r) => r.status === 'not-applicable').map((r) => r.id);
    expect(planned).toEqual(expect.arrayContaining(['VER-DELETED-REFUSED', 'VER-INDEPENDENT']));

    const run = await runCli(['certify', '--target', 'reference', '--profile', file, '--num-runs', '5']);
    const record = JSON.parse(readFileSync(join(run.reportsDir, 'certificate.json'), 'utf8')) as Certificate;
    const notApplicable = record.rules.filter((r) => r.status === 'not-applicable').map((r) => r.id);
    expect(notApplicable).toEqual(planned);
    expect(record.rules.find((r) => r.id === 'VER-DELETED-REFUSED')!.reason).toMatch(/\[profile: versions\.deleted\]/);
    const must = record.rules.filter((r) => r.level === 'MUST');
    const rest = must.filter((r) => r.status !== 'not-applicable' && r.status !== 'pass').map((r) => r.id);
    expect(rest, run.stdout).toEqual([]);
    expect([run.code, record.verdict.conformant]).toEqual([0, true]);
    expect(record.verdict.reasons[0]).toMatch(new RegExp(`are not applicable .*: ${notApplicable.join(', ')}$`));
    const line = `conformant: every MUST rule passed, except ${notApplicable.length} not applicable (${notApplicable.slice(0, 5).join(', ')}`;
    expect(run.stdout).toContain(
      `certificate: ${join(run.reportsDir, 'certificate.json')} (unsigned: for local use): ${line}`,
    );
    expect(readFileSync(join(run.reportsDir, 'index.html'), 'utf8')).toContain(`id="certificate">certificate: ${line}`);
    expect((await runCli(['verify', join(run.reportsDir, 'certificate.json')])).code).toBe(0);
  }, 300_000);
});
