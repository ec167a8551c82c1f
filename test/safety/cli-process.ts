// The conformance CLI as a child process the test can watch and interrupt: its console output, the journal of
// what it created (in a temporary directory of its own, TMPDIR), and its reports.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Report } from '../../src/report/report.ts';
import { compiledCli } from '../compiled-cli.ts';
import { unpassed } from '../support/unpassed.ts';

export interface CliProcess {
  stdout: string;
  stderr: string;
  /** The process's temporary directory, where its journal lives. */
  tmp: string;
  reportsDir: string;
  /** Lines of the journal, parsed (empty before it exists and after cleanup removed it). */
  journal(): { op: string; path: string }[];
  /** Resolves when `condition` holds (checked on each piece of output, and every 50 ms for the files); rejects when
   * the process ended first. */
  until(condition: () => boolean): Promise<void>;
  signal(name: NodeJS.Signals): void;
  exit: Promise<{ code: number; report?: Report }>;
}

export function startCli(args: string[], env: Record<string, string>): CliProcess {
  const tmp = mkdtempSync(join(tmpdir(), 'cli-tmp-'));
  const reportsDir = mkdtempSync(join(tmpdir(), 'cli-reports-'));
  const child = spawn(process.execPath, [compiledCli(), ...args, '--reports', reportsDir], {
    env: { ...process.env, ...env, TMPDIR: tmp, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let ended = false;
  // Waiters for the next piece of output: a condition on it is seen as soon as it comes, so that a signal sent on a
  // message the process prints reaches it while it still does what the message announced.
  let next: { output: Promise<void>; heard: () => void } | undefined;
  const nextOutput = () => {
    if (!next) {
      let heard = () => {};
      const output = new Promise<void>((resolve) => (heard = resolve));
      next = { output, heard };
    }
    return next.output;
  };
  const heard = () => {
    next?.heard();
    next = undefined;
  };
  const journalName = /^conformance-created-[0-9a-f]+\.jsonl$/;
  const journalFile = () => readdirSync(tmp).find((f) => journalName.test(f));
  const cli: CliProcess = {
    stdout: '',
    stderr: '',
    tmp,
    reportsDir,
    journal: () => {
      const file = journalFile();
      if (!file || !existsSync(join(tmp, file))) return [];
      return readFileSync(join(tmp, file), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as { op: string; path: string }];
          } catch {
            return [];
          }
        });
    },
    until: async (condition) => {
      while (!condition()) {
        if (ended) {
          const { report } = await cli.exit;
          const why = [cli.stderr, ...unpassed(report?.rules ?? [])].join('\n');
          throw new Error(`the CLI ended before the awaited moment; stderr and rules that did not pass:\n${why}`);
        }
        await Promise.race([sleep(50), nextOutput()]);
      }
    },
    signal: (name) => void child.kill(name),
    exit: new Promise((resolve) => {
      child.on('close', (code, signal) => {
        ended = true;
        let report: Report | undefined;
        try {
          report = JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8')) as Report;
        } catch {
          report = undefined;
        }
        resolve({ code: code ?? (signal ? -1 : 1), report });
      });
    }),
  };
  child.stdout.on('data', (d: Buffer) => {
    cli.stdout += d.toString();
    heard();
  });
  child.stderr.on('data', (d: Buffer) => {
    cli.stderr += d.toString();
    heard();
  });
  return cli;
}
