// Judging the tries of a caller that must be refused (refused-callers.ts), and what of the surface they reached, for
// the check's coverage line: the operations (resource and method), the methods, the generations and the caller.
import type { Tally } from '../harness/coverage.ts';
import { judgeAll } from '../harness/judge-all.ts';
import type { HttpResponse } from '../http/messages.ts';
import type { RefusedTry } from './refused-surface.ts';
import { expectNoEffect } from './refused-write.ts';
import { describeOp } from './write-operations.ts';

/** Records the operations, methods and generations the tries reached, and the caller that sent them. */
export function reportReach(tally: Tally, tries: RefusedTry[]): void {
  if (tries.length === 0) return; // nothing judged: the check is not a pass for reaching nothing
  tally.judged('operation', new Set(tries.map(({ op }) => `${op.method} ${op.resource}`)).size);
  tally.judged('method', new Set(tries.map(({ op }) => op.method)).size);
  tally.judged('generation', new Set(tries.map(({ op }) => op.generation)).size);
  tally.judged('caller');
}

/** Judges every try: `refused` judges its status; a refused write created, changed or deleted nothing. */
export function judgeRefusedTries(
  tally: Tally,
  tries: RefusedTry[],
  who: string,
  refused: (res: HttpResponse, what: string) => void,
): void {
  reportReach(tally, tries);
  judgeAll(
    tally,
    'refused write',
    tries,
    ({ op, response, effect }) => {
      const what = `${describeOp(op)} by ${who}`;
      refused(response, `${what} is refused`);
      expectNoEffect(response, effect, what);
    },
    { place: ({ op }) => describeOp(op) },
  );
}
