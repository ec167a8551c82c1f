// Entry point of the conformance CLI: parses arguments, dispatches, and turns errors into exit code 2.
import { parseCommandLine, usage, UsageError } from './args.ts';
import { listRules } from './rules-command.ts';
import { runCommand, UnreachableTarget } from './run-command.ts';
import { ProfileError } from '../profile/load.ts';

async function main(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv);
  if (args.command === 'help') {
    process.stdout.write(usage + '\n');
    return 0;
  }
  if (args.command === 'rules') return listRules(args);
  return runCommand(args);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError) process.stderr.write(`conformance: ${e.message}\nTry 'conformance --help'.\n`);
  else if (e instanceof ProfileError) process.stderr.write(`conformance: bad profile: ${e.message}\n`);
  else if (e instanceof UnreachableTarget) process.stderr.write(`conformance: target unreachable: ${e.message}\n`);
  else process.stderr.write(`conformance: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 2;
}
