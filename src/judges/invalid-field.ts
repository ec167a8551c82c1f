// Spec 2.1 Invalid fields: "An unknown or misspelled field, or a field that cannot be modified, is rejected with
// status 400 and an error message that names the invalid field. It is not ignored." 7.2: 400, "the message names
// the field". Every refusal of a field is judged here; whether the error names it, by names-field.ts.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { judgeNaming, spellPath, type NamingCase } from './names-field.ts';
import { describeExchange, expectStatus } from './status.ts';

/** The body was refused with 400, and the error names the offending field (or, with `value`, the value sent there). */
export function expectFieldRefused(res: HttpResponse, refused: Omit<NamingCase, 'error'>, what: string): void {
  expectStatus(res, 400, what);
  // An error body that is not a JSON object leaves the rule unjudged; its shape is the 7.1 rules' to judge.
  const error = res.jsonObject();
  const naming = judgeNaming({ error, ...refused });
  if (!naming.named) {
    const field = spellPath(refused.path);
    throw new RuleFailure(`${describeExchange(res)}: ${what}, but ${naming.reason}`, {
      expected: `detail or parameters naming ${field} (by its name or its path)${refused.value ? ' or the value sent there' : ''}`,
      actual: {
        detail: error.detail,
        parameters: error.parameters,
        ...(naming.seen.length > 0 ? { [naming.why]: naming.seen } : {}),
      },
      exchange: res.exchange,
    });
  }
}
