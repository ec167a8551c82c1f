// Names of what the run creates.
import { runMark } from '../target/run-setup.ts';
import type { Target } from '../target/target.ts';
import { confirming } from './confirm.ts';

/** A name for something the run creates, so leftovers are recognisable; a check running again to confirm a failure
 * names things apart from its first run's, which may still exist. */
export function runName(t: Target, what: string): string {
  return `${runMark(t.setup)}${what}${confirming() ? '-again' : ''}`;
}
