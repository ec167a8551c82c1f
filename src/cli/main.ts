// Entry point of the conformance CLI: parses arguments, dispatches, and turns errors into exit code 2.
import { parseCommandLine, UsageError } from './args.ts';
import { baselineCommand } from './baseline-command.ts';
import { WrongTarget } from './identity.ts';
import { CredentialsRefused, UnreachableTarget } from './preflight.ts';
import { planCommand } from './plan-command.ts';
import { listRules } from './rules-command.ts';
import { verifyCommand } from './verify-command.ts';
import { ProfileError } from '../profile/load.ts';
import { BaselineError } from '../report/baseline.ts';
import { HarError } from '../har/har-answers.ts';
import { watchInterrupts } from '../runner/interrupt.ts';
import { suiteName, suiteVersion } from '../report/build.ts';
import { withCliWords } from '../invocation.ts';

async function main(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv);
  if (args.command === 'help') {
    process.stdout.write(`${withCliWords(args.text)}\n`);
    return 0;
  }
  if (args.command === 'version') {
    process.stdout.write(`${suiteName} ${suiteVersion}\n`);
    return 0;
  }
  if (args.command === 'reference') return (await import('./reference-command.ts')).listMutants();
  if (args.command === 'rules') return listRules(args);
  if (args.command === 'plan') return planCommand(args);
  if (args.command === 'baseline') return baselineCommand(args);
  if (args.command === 'verify') return verifyCommand(args);
  if (args.command === 'judge') return (await import('./judge-command.ts')).judgeCommand(args);
  // A run handles interrupts from its first step on (its cleanup and report must follow one at any moment); the runner
  // (vitest, the reporters) loads only for the commands that run checks: the others start fast.
  const interrupts = watchInterrupts();
  try {
    if (args.command === 'certify')
      return await (await import('./certify-command.ts')).certifyCommand(args, interrupts);
    return await (await import('./run-command.ts')).runCommand(args, interrupts);
  } finally {
    interrupts.dispose();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  // Messages name other commands as `conformance COMMAND`: printed with the words that start the CLI here.
  const say = (m: string) => process.stderr.write(`conformance: ${withCliWords(m)}\n`);
  if (e instanceof UsageError) say(e.message);
  else if (e instanceof ProfileError) say(`bad profile: ${e.message}`);
  else if (e instanceof BaselineError) say(`bad baseline: ${e.message}`);
  else if (e instanceof UnreachableTarget) say(`target unreachable: ${e.message}`);
  else if (e instanceof CredentialsRefused) say(`credentials refused: ${e.message}`);
  else if (e instanceof HarError) say(`bad archive: ${e.message}`);
  else if (e instanceof WrongTarget) say(`wrong target: ${e.message}`);
  // Anything else is a fault of the suite itself: its stack says where.
  else process.stderr.write(`conformance: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 2;
}
