// Runs the conformance CLI as a user would, in a child process, and reads its JSON report.
import { type ExecFileException, execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Report } from '../../src/report/report.ts';
import { compiledCli } from '../compiled-cli.ts';
import { reportSchemaProblems } from './report-schema.ts';

/** The words that start the CLI runCli runs (compiled by test/compiled-cli.ts), as it prints them in rerun lines and
 * hints: outside the clone, its path is absolute. */
export const cliWords = `node ${inject('compiledCli')}`;
/** cliWords in a regular expression. */
export const cliPattern = cliWords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  reportsDir: string;
  report?: Report;
}

/** What a child process did, and the report it wrote to `reportsDir` if any, checked against the schema. */
function finished(
  resolve: (r: CliRun) => void,
  reject: (e: Error) => void,
  reportsDir: string,
): (error: ExecFileException | null, stdout: string, stderr: string) => void {
  return (error, stdout, stderr) => {
    const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
    let report: Report | undefined;
    try {
      report = JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8')) as Report;
    } catch {
      report = undefined;
    }
    const problems = report ? reportSchemaProblems(report) : [];
    if (problems.length)
      reject(
        new Error(
          `${join(reportsDir, 'conformance.json')} does not match its schema:\n${problems.slice(0, 20).join('\n')}`,
        ),
      );
    else resolve({ code, stdout, stderr, reportsDir, report });
  };
}

/** Runs a command line the suite printed, as a user pastes it into a shell in `cwd`, its reports sent to a directory
 * of the test's. */
export function runLine(line: string, cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const reportsDir = mkdtempSync(join(tmpdir(), 'conformance-reports-'));
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      ['-c', `${line} --reports ${reportsDir}`],
      { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
      finished(resolve, reject, reportsDir),
    );
  });
}

/** Runs the CLI; a report it writes must match schemas/conformance-report.schema.json, or the promise rejects. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const reportsDir = mkdtempSync(join(tmpdir(), 'conformance-reports-'));
  const withReports =
    ['run', 'certify', 'judge'].includes(args[0]!) && !args.includes('--reports')
      ? [...args, '--reports', reportsDir]
      : args;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [compiledCli(), ...withReports],
      {
        env: { ...process.env, NO_COLOR: '1', ...env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      },
      finished(resolve, reject, reportsDir),
    );
  });
}

export function statusOf(report: Report, id: string): string | undefined {
  return report.rules.find((r) => r.id === id)?.status;
}

/** Writes a profile to a file of its own and returns the file's path. */
export function profileFile(profile: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'target.json');
  writeFileSync(file, JSON.stringify(profile));
  return file;
}
