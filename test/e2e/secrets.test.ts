// No private key or token reaches a report or the console, in a passing run or a failing one. Interrupted runs, runs
// against hostile targets and runs that fail through mutants are scanned the same way in test/safety and test/hostile.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { filesUnder, leaksOf } from '../safety/secret-scan.ts';
import { runCli } from './cli.ts';

const secrets: Record<string, string> = {
  REFERENCE_OWNER_PRIVATE_KEY: `owner-secret-${randomBytes(12).toString('hex')}`,
  REFERENCE_OWNER2_PRIVATE_KEY: `owner2-secret-${randomBytes(12).toString('hex')}`,
  REFERENCE_READ_ONLY_PRIVATE_KEY: `readonly-secret-${randomBytes(12).toString('hex')}`,
  REFERENCE_OUTSIDER_PRIVATE_KEY: `outsider-secret-${randomBytes(12).toString('hex')}`,
  REFERENCE_SERVICE_ACCOUNT_TOKEN: `token-secret-${randomBytes(12).toString('hex')}`,
};

/** Public keys are no secret, but with a private key they make the Basic form the cleartext probe sends. */
const publicKeys: Record<string, string> = Object.fromEntries(
  ['OWNER', 'OWNER2', 'READ_ONLY', 'OUTSIDER'].map((role) => [
    `REFERENCE_${role}_PUBLIC_KEY`,
    randomBytes(4).toString('hex'),
  ]),
);

describe('secrets', () => {
  it('stay out of reports and console output of a passing run and of a failing run', async () => {
    const runs = await Promise.all([
      runCli(['run'], { ...secrets, ...publicKeys }),
      runCli(['run', '--json', '--mutant', 'ERR-BODY-FIELDS', '--tag', 'smoke'], { ...secrets, ...publicKeys }),
    ]);
    for (const r of runs) {
      expect(r.report, r.stderr).toBeDefined();
      expect(filesUnder(r.reportsDir).length).toBeGreaterThan(0);
      // Each secret, and each key pair in the Basic form a cleartext probe carries.
      expect(leaksOf(r, { ...secrets, ...publicKeys })).toEqual([]);
    }
    // The evidence does hold authenticated exchanges: the scan looked at real material.
    expect(JSON.stringify(runs[0]!.report)).toMatch(/Digest username=/);
    expect(JSON.stringify(runs[0]!.report)).toMatch(/Basic \[REDACTED\]/);
  });
});
