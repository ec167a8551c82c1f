// `conformance certify`: a run of every rule without baseline (the parser refuses --rule, --tag, --baseline),
// which writes reports/certificate.json; its exit code is the verdict: 0 only when every MUST rule passed.
import type { InterruptWatch } from '../runner/interrupt.ts';
import type { RunArgs } from './args.ts';
import { runCommand } from './run-command.ts';

export function certifyCommand(args: RunArgs, interrupts: InterruptWatch): Promise<number> {
  return runCommand({ ...args, strict: true }, interrupts);
}
