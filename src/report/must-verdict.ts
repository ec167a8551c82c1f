// The verdict on a run's MUST rules in one line, as the Markdown summary and the HTML report say it: failures first;
// else whether every rule the run judged passed, and what it did not judge. Rules the baseline expects to fail and
// rules the filter left out are not counted; those not applicable and left out are named beside the verdict.
import type { Report } from './report.ts';

export interface MustVerdict {
  /** broken: a MUST rule failed or erred; unjudged: none did, but some were not judged; passed: every one passed. */
  kind: 'broken' | 'unjudged' | 'passed';
  text: string;
}

const rules = (n: number) => `${n} MUST rule${n === 1 ? '' : 's'}`;

export function mustVerdict(report: Report): MustVerdict {
  const must = report.rules.filter((r) => r.level === 'MUST' && r.baseline !== 'expected-fail');
  const count = (status: string) => must.filter((r) => r.status === status).length;
  const broken = count('fail') + count('error');
  const leftOut = count('left-out');
  const expected = report.rules.filter((r) => r.level === 'MUST' && r.baseline === 'expected-fail').length;
  const notes = [
    ...(expected ? [`${expected} expected to fail by the baseline`] : []),
    ...(count('not-applicable') ? [`${count('not-applicable')} not applicable`] : []),
    ...(leftOut ? [`${leftOut} left out by the filter`] : []),
  ];
  const beside = notes.length ? ` (${notes.join(', ')})` : '';
  if (broken) return { kind: 'broken', text: `${rules(broken)} failed or erred${beside}` };
  const unjudged = (['skipped', 'untested', 'interrupted'] as const).filter((s) => count(s) > 0);
  if (unjudged.length === 0) {
    const passed = expected ? 'every other ' : `every ${leftOut ? 'selected ' : ''}`;
    return { kind: 'passed', text: `${passed}MUST rule passed${beside}` };
  }
  const total = unjudged.reduce((n, s) => n + count(s), 0);
  return {
    kind: 'unjudged',
    text: `no MUST rule failed or erred, but ${rules(total)} ${total === 1 ? 'was' : 'were'} not judged: ${unjudged.map((s) => `${count(s)} ${s}`).join(', ')}${beside}`,
  };
}
