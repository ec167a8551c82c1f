// Writes sent in a version the target must not serve (spec 3: a deleted one; 9.2: a date that names none): every /v2
// write of the shared writable surface (POST, PUT and PATCH of each resource of one project), Accept and Content-Type
// naming the version, with the body its resource takes in the default version. A create wrongly served is deleted at
// once, a PUT or PATCH carries the entity's current values (write-operations.ts: withNeutralWriteOps).
import type { Tally } from '../harness/coverage.ts';
import { judgeEach } from '../harness/coverage-first.ts';
import { expectErrorWithBody } from '../harness/judged-answers.ts';
import { describeOp, inVersion, sendBody, withNeutralWriteOps } from './write-operations.ts';
import type { Target } from '../target/target.ts';

/** Sends the i-th /v2 write of the surface in each of `versions(i)` and judges each refused with the error body;
 * `refused(version)` ends the statement of a refusal after the write's name. `what` names the check's creates. */
export async function expectWritesRefusedIn(
  t: Target,
  tally: Tally,
  what: string,
  versions: (i: number) => string[],
  refused: (version: string) => string,
): Promise<void> {
  await withNeutralWriteOps(t, what, async (ops) => {
    const cases = ops
      .filter((op) => op.generation === 'v2')
      .flatMap((op, i) => versions(i).map((version) => ({ op, version })));
    await judgeEach(cases, async ({ op, version }) => {
      const res = await sendBody(t, op, op.body, inVersion(t, version));
      tally.judged('write', 1, `${describeOp(op)} in ${version}`);
      expectErrorWithBody(tally, res, `${describeOp(op)} ${refused(version)}`);
    });
  });
}
