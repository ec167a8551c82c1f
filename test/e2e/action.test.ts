// The GitHub Action (action.yml), run as a runner runs it (test/e2e/action-runner.ts): from a copy of this repository,
// as `uses: OWNER/REPOSITORY@REF` checks it out, installed there with npm ci and run in a workspace of its own. The
// README's workflow runs as written against the reference target (its secrets filled in), each use uploading its own
// artifact; certify signs with a key from a secret that is in no output and on no disk after the step; the job
// summary's rerun line runs on the runner and judges its rule as the job did; the job fails on a failing MUST rule
// unless the baseline lists it.
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startEmbedded, type Embedded } from '../../src/cli/embedded.ts';
import { loadProfile } from '../../src/profile/load.ts';
import type { Certificate } from '../../src/report/certificate.ts';
import type { Report } from '../../src/report/report.ts';
import { readAction, runAction, type ActionRun } from './action-runner.ts';
import { runCli, runLine } from './cli.ts';

/** The action's checkout: this repository's files as git would check them out (no node_modules, no build). */
const actionPath = mkdtempSync(join(tmpdir(), 'action-'));
for (const file of execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' }).split('\n'))
  if (file && existsSync(file)) cpSync(file, join(actionPath, file), { recursive: true });
// The machine's npm cache stands in for the network a runner has.
const machine = { npm_config_prefer_offline: 'true' };

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const signKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
let reference: Embedded;

/** A workspace as actions/checkout leaves it: the user's repository with config/staging.json for `target`. */
function workspace(target: Embedded): string {
  const dir = mkdtempSync(join(tmpdir(), 'workspace-'));
  mkdirSync(join(dir, 'config'));
  writeFileSync(join(dir, 'config', 'ca.pem'), target.caPem);
  const profile = JSON.parse(readFileSync('config/reference.json', 'utf8')) as {
    credentials: { owner: Record<string, string> };
  };
  profile.credentials.owner = {
    ...profile.credentials.owner,
    publicKeyEnv: 'ATLAS_PUBLIC_KEY',
    privateKeyEnv: 'ATLAS_PRIVATE_KEY',
  };
  writeFileSync(
    join(dir, 'config', 'staging.json'),
    JSON.stringify({
      ...profile,
      $schema: undefined,
      name: 'staging',
      baseUrl: target.baseUrl,
      plainHttpUrl: target.plainUrl,
      tls: { caFile: 'ca.pem' },
    }),
  );
  writeFileSync(
    join(dir, 'config', 'staging-baseline.json'),
    JSON.stringify({ format: 'conformance-baseline/1', target: 'staging', rules: [] }),
  );
  return dir;
}

interface WorkflowStep {
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

/** Each use of this action in the README's workflow, its `${{ secrets.* }}` filled in from `secrets`. */
function readmeUses(secrets: Record<string, string>): { with: Record<string, string>; env: Record<string, string> }[] {
  const readme = readFileSync('README.md', 'utf8');
  const block = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((b) => /OWNER\/REPOSITORY@/.test(b));
  const workflow = parse(block!) as { jobs: Record<string, { steps: WorkflowStep[] }> };
  const secret = (v: string) =>
    v.replace(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g, (_, name: string) => {
      if (secrets[name] === undefined) throw new Error(`the README's workflow needs the secret ${name}`);
      return secrets[name]!;
    });
  return Object.values(workflow.jobs)
    .flatMap((j) => j.steps)
    .filter((s) => s.uses?.startsWith('OWNER/REPOSITORY@'))
    .map((s) => ({
      with: Object.fromEntries(Object.entries(s.with ?? {}).map(([k, v]) => [k, secret(String(v))])),
      env: Object.fromEntries(Object.entries(s.env ?? {}).map(([k, v]) => [k, secret(v)])),
    }));
}

/** Every file under `dir`, read as text. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));

beforeAll(async () => {
  reference = await startEmbedded(loadProfile('config/reference.json'), []);
}, 60_000);

afterAll(async () => {
  await reference?.close();
});

describe('action.yml', () => {
  it('passes each input to a step, names the artifact by its input, and installs no package by name', () => {
    const action = readAction('.');
    const steps = JSON.stringify(action.runs.steps);
    for (const name of Object.keys(action.inputs)) expect(steps, name).toContain(`\${{ inputs.${name} }}`);
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with).toEqual({ name: `\${{ inputs.artifact }}`, path: `\${{ inputs.reports }}` });
    const texts = [readFileSync('action.yml', 'utf8'), readFileSync('bin/action-install.sh', 'utf8')];
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string };
    for (const text of texts) expect(text).not.toContain(pkg.name);
  });
});

describe("the README's workflow, run as written from the action's own checkout", () => {
  const ran: { inputs: Record<string, string>; workspace: string; run: ActionRun }[] = [];

  beforeAll(async () => {
    // The secrets of the repository: the reference target's owner credentials (made as it started) and the key.
    const secrets = {
      ATLAS_PUBLIC_KEY: process.env.REFERENCE_OWNER_PUBLIC_KEY!,
      ATLAS_PRIVATE_KEY: process.env.REFERENCE_OWNER_PRIVATE_KEY!,
      CONFORMANCE_SIGN_KEY: signKey,
    };
    for (const use of readmeUses(secrets)) {
      const dir = workspace(reference);
      ran.push({
        inputs: use.with,
        workspace: dir,
        run: await runAction(actionPath, use.with, dir, { ...machine, ...use.env }),
      });
    }
  }, 900_000);

  it('runs the suite against staging, exits as the run did, writes the job summary and uploads its artifact', () => {
    const staging = ran.find((r) => (r.inputs.mode ?? 'run') === 'run')!;
    const reports = join(staging.workspace, 'conformance-reports');
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as Report;
    expect(report.target.name).toBe('staging');
    expect(report.baseline?.file).toBe('config/staging-baseline.json');
    const mustBad = report.mustTotals.fail + report.mustTotals.error;
    expect(staging.run.code, staging.run.stderr).toBe(mustBad ? 1 : 0);
    expect(staging.run.summary).toMatch(/^## Conformance: staging\n/);
    expect(staging.run.used.find((u) => u.uses.startsWith('actions/upload-artifact@'))?.with).toEqual({
      name: staging.inputs.artifact,
      path: 'conformance-reports',
    });
  });

  it('certifies with the key from a secret: signed, verified by the public key, the key in no output and no file', async () => {
    const certify = ran.find((r) => r.inputs.mode === 'certify')!;
    const reports = join(certify.workspace, 'conformance-reports');
    const certificate = JSON.parse(readFileSync(join(reports, 'certificate.json'), 'utf8')) as Certificate;
    expect(certify.run.code, certify.run.stderr).toBe(certificate.verdict.conformant ? 0 : 1);
    const publicFile = join(mkdtempSync(join(tmpdir(), 'public-')), 'certifier.pub.pem');
    writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
    const verified = await runCli(['verify', join(reports, 'certificate.json'), '--public-key', publicFile]);
    expect(verified.code, verified.stdout).toBe(0);
    const keyLine = signKey.split('\n')[1]!;
    for (const text of [certify.run.stdout, certify.run.stderr, certify.run.summary, ...filesUnder(reports)])
      expect(text).not.toContain(keyLine);
    expect(filesUnder(certify.run.runnerTemp).filter((t) => t.includes(keyLine))).toEqual([]);
  });

  it('gives each use of the action an artifact of its own', () => {
    const names = ran.map((r) => r.run.used.find((u) => u.uses.startsWith('actions/upload-artifact@'))!.with.name);
    expect(names.length).toBe(2);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the job summary of a failing rule', () => {
  const args = '--target reference --mutant METH-405 --rule METH-405 --num-runs 1';

  it('fails the job unless the baseline lists the rule, and its rerun line judges the rule on the runner as the job did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workspace-'));
    const failing = await runAction(actionPath, { args, reports: 'out' }, dir, machine);
    expect(failing.code, failing.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'conformance.json'), 'utf8')) as Report;
    const rule = report.rules.find((r) => r.id === 'METH-405')!;
    const leftOut = report.mustTotals['left-out'];
    expect(failing.summary).toContain(`**❌ 1 MUST rule failed or erred (${leftOut} left out by the filter)** · `);
    expect(failing.summary).toContain(`- **METH-405** (MUST, fail): `);
    expect(failing.summary).toContain(`rerun: \`${rule.rerun}\``);
    expect(failing.summary).toContain(`seed ${report.seed} · num-runs 1 · cases covering · filter: rule METH-405`);

    writeFileSync(
      join(dir, 'baseline.json'),
      JSON.stringify({ format: 'conformance-baseline/1', rules: [{ id: 'METH-405', reason: 'known: answers 404' }] }),
    );
    const known = await runAction(actionPath, { args, reports: 'out', baseline: 'baseline.json' }, dir, machine);
    expect(known.code, known.stderr).toBe(0);
    expect(known.summary).toContain(
      `**✅ every other MUST rule passed (1 expected to fail by the baseline, ${leftOut} left out by the filter)**`,
    );
    expect(known.summary).toContain('Expected by the baseline (baseline.json): METH-405');
    // The summary's line, pasted into a shell on the runner, in the workspace: the CLI the action installed.
    expect(rule.rerun).toMatch(new RegExp(`^node ${actionPath}/bin/conformance\\.mjs run --target reference `));
    const again = await runLine(rule.rerun!, dir);
    expect(again.code, again.stderr).toBe(1);
    expect(again.report!.rules.find((r) => r.id === 'METH-405')!.status).toBe('fail');
    // Under the baseline the rule's line keeps it, and exits 0 as the job did.
    const expected = (JSON.parse(readFileSync(join(dir, 'out', 'conformance.json'), 'utf8')) as Report).rules.find(
      (r) => r.id === 'METH-405',
    )!;
    expect(expected.rerun).toContain(' --baseline baseline.json ');
    const knownAgain = await runLine(expected.rerun!, dir);
    expect(knownAgain.code, knownAgain.stderr).toBe(0);
    const rerun = knownAgain.report!.rules.find((r) => r.id === 'METH-405')!;
    expect([rerun.status, rerun.baseline]).toEqual(['fail', 'expected-fail']);
  });

  it('refuses a baseline under certify and a signing key under run, before anything runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workspace-'));
    const certify = await runAction(actionPath, { mode: 'certify', baseline: 'b.json' }, dir, machine);
    expect([certify.code, certify.stderr.trim().split('\n').at(-1)]).toEqual([
      2,
      'conformance action: certify judges every rule: baseline does not apply',
    ]);
    const run = await runAction(actionPath, { 'sign-key': signKey }, dir, machine);
    expect([run.code, run.stderr.trim().split('\n').at(-1)]).toEqual([
      2,
      'conformance action: sign-key applies to mode certify',
    ]);
    expect(existsSync(join(dir, 'conformance-reports'))).toBe(false);
  });
});
