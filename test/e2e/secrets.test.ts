// No private key or token reaches a report or the console, in a passing run or a failing one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from './cli.ts';

const secrets: Record<string, string> = {
  REFERENCE_OWNER_PRIVATE_KEY: `owner-secret-${randomBytes(12).toString('hex')}`,
  REFERENCE_OWNER2_PRIVATE_KEY: `owner2-secret-${randomBytes(12).toString('hex')}`,
  REFERENCE_READ_ONLY_PRIVATE_KEY: `readonly-secret-${randomBytes(12).toString('hex')}`,
  REFERENCE_OUTSIDER_PRIVATE_KEY: `outsider-secret-${randomBytes(12).toString('hex')}`,
  REFERENCE_SERVICE_ACCOUNT_TOKEN: `token-secret-${randomBytes(12).toString('hex')}`,
};

/** Public keys are no secret, but with a private key they make the Basic form the cleartext probe sends. */
const publicKeys: Record<string, string> = Object.fromEntries(['OWNER', 'OWNER2', 'READ_ONLY', 'OUTSIDER']
  .map((role) => [`REFERENCE_${role}_PUBLIC_KEY`, randomBytes(4).toString('hex')]));

/** Each key pair as Basic authentication carries it (base64 of public:private). */
const basicForms: Record<string, string> = Object.fromEntries(['OWNER', 'OWNER2', 'READ_ONLY', 'OUTSIDER'].map((role) => [
  `REFERENCE_${role} key pair in Basic form`,
  Buffer.from(`${publicKeys[`REFERENCE_${role}_PUBLIC_KEY`]}:${secrets[`REFERENCE_${role}_PRIVATE_KEY`]}`).toString('base64'),
]));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

function leaks(run: CliRun): string[] {
  const places = [
    { where: 'stdout', text: run.stdout },
    { where: 'stderr', text: run.stderr },
    ...files(run.reportsDir).map((f) => ({ where: f, text: readFileSync(f, 'utf8') })),
  ];
  return places.flatMap(({ where, text }) =>
    Object.entries({ ...secrets, ...basicForms }).filter(([, s]) => text.includes(s)).map(([name]) => `${name} in ${where}`));
}

describe('secrets', () => {
  it('stay out of reports and console output of a passing run and of a failing run', async () => {
    const runs = await Promise.all([
      runCli(['run'], { ...secrets, ...publicKeys }),
      runCli(['run', '--json', '--mutant', 'ERR-BODY-FIELDS', '--tag', 'smoke'], { ...secrets, ...publicKeys }),
    ]);
    for (const r of runs) {
      expect(r.report, r.stderr).toBeDefined();
      expect(files(r.reportsDir).length).toBeGreaterThan(0);
      expect(leaks(r)).toEqual([]);
    }
    // The evidence does hold authenticated exchanges: the scan looked at real material.
    expect(JSON.stringify(runs[0]!.report)).toMatch(/Digest username=/);
    expect(JSON.stringify(runs[0]!.report)).toMatch(/Basic \[REDACTED\]/);
  });
});
