// The GitHub Action (action.yml): its script runs the suite with the action's inputs and appends the Markdown
// summary to $GITHUB_STEP_SUMMARY (here a file of the test's), and its exit code is the run's; with a baseline that
// lists the failure the job passes and the summary says so.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.ts';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function action(inputs: Record<string, string>, summaryFile: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['bin/action-run.sh'],
      {
        env: {
          ...process.env,
          NO_COLOR: '1',
          CONFORMANCE_CLI: `${process.execPath} bin/conformance.mjs`,
          GITHUB_STEP_SUMMARY: summaryFile,
          ...inputs,
        },
        timeout: 300_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('the GitHub Action', () => {
  it('passes each input of action.yml to its script', () => {
    const yml = readFileSync('action.yml', 'utf8');
    expect(yml).toMatch(/run: '"\$GITHUB_ACTION_PATH\/bin\/action-run\.sh"'/);
    const inputs = [...yml.slice(yml.indexOf('\ninputs:'), yml.indexOf('\nruns:')).matchAll(/^ {2}(\w+):$/gm)].map(
      (m) => m[1]!,
    );
    expect(inputs.sort()).toEqual(['args', 'baseline', 'package', 'profile', 'reports']);
    for (const name of inputs) expect(yml).toContain(`INPUT_${name.toUpperCase()}: \${{ inputs.${name} }}`);
  });

  it('runs the suite, appends the job summary, and fails the job on a failing MUST rule unless the baseline lists it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'action-'));
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, 'an earlier step\n');
    const inputs = {
      INPUT_ARGS: '--target reference --mutant METH-405 --rule METH-405 --num-runs 1',
      INPUT_REPORTS: join(dir, 'reports'),
    };
    const failing = await action(inputs, summary);
    expect(failing.code, failing.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'reports', 'conformance.json'), 'utf8')) as Report;
    const rule = report.rules.find((r) => r.id === 'METH-405')!;
    const first = readFileSync(summary, 'utf8');
    expect(first.startsWith('an earlier step\n## Conformance: embedded reference target\n')).toBe(true);
    const leftOut = report.mustTotals['left-out'];
    expect(first).toContain(
      `**❌ 1 MUST rule failed or erred (${leftOut} left out by the filter)** · 1 of ${report.rules.length} rules selected · `,
    );
    expect(first).toContain(
      `| MUST | ${['pass', 'fail', 'error', 'skipped', 'untested'].map((s) => report.mustTotals[s as 'pass']).join(' | ')} |`,
    );
    expect(first).toContain(`- **METH-405** (MUST, fail): `);
    expect(first).toContain(`rerun: \`${rule.rerun}\``);
    expect(first).toContain(`seed ${report.seed} · num-runs 1 · cases covering · filter: rule METH-405`);

    const baseline = join(dir, 'baseline.json');
    writeFileSync(
      baseline,
      JSON.stringify({ format: 'conformance-baseline/1', rules: [{ id: 'METH-405', reason: 'known: answers 404' }] }),
    );
    const known = await action({ ...inputs, INPUT_BASELINE: baseline }, summary);
    expect(known.code, known.stderr).toBe(0);
    const second = readFileSync(summary, 'utf8').slice(first.length);
    expect(second).toContain(
      `**✅ every other MUST rule passed (1 expected to fail by the baseline, ${leftOut} left out by the filter)**`,
    );
    expect(second).toContain(`Expected by the baseline (${baseline}): METH-405`);
    expect(second).not.toContain('### Failures and errors');
  });
});
