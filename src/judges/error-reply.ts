// Spec 7.1: an error answer carries the error body. Recognised here by the fields that identify it (the error
// code and the numeric error); whether all five fields are right is the 7.1 rules' concern.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { isObject } from './json-walk.ts';
import { expectedStatus, expectJudgeable } from './status.ts';

function expectErrorBody(res: HttpResponse, what: string): void {
  const body = res.json();
  const isErrorBody = isObject(body) && Number.isInteger(body.error) && typeof body.errorCode === 'string';
  if (!isErrorBody) {
    throw new RuleFailure(`${what}: the ${res.status} carries no error body (error, errorCode)`, {
      expected: 'an error body (spec 7.1)',
      actual: body,
      exchange: res.exchange,
    });
  }
}

/** One of the `allowed` error statuses (any 4xx when none are given), with the error body. */
export function expectErrorWithBody(res: HttpResponse, what: string, allowed?: readonly number[]): void {
  expectJudgeable(res, what, allowed);
  const fits = allowed ? allowed.includes(res.status) : res.status >= 400 && res.status < 500;
  if (!fits) {
    throw new RuleFailure(
      `${what}: expected ${allowed ? allowed.join(' or ') : '4xx'} with the error body, got ${res.status}`,
      {
        expected: allowed ? expectedStatus(allowed) : '4xx',
        actual: res.status,
        exchange: res.exchange,
      },
    );
  }
  expectErrorBody(res, what);
}
