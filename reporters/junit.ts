// reports/junit.xml: one test case per rule, for CI systems that read JUnit XML. A test suite per spec section;
// each case is named by rule id and statement. A failure carries the reason, each failing check's expected
// versus actual and curl line, the rerun command and the evidence; an error is <error>; skipped, untested, not
// applicable and interrupted rules, and failures the baseline expects, are <skipped message> (the message says which). xmlbuilder2 escapes, and replaces the
// characters XML cannot hold (a target's body may contain any byte).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { exchangeText, valueText } from '../src/report/evidence-text.ts';
import { filterText } from '../src/report/filter-text.ts';
import type { Report, RuleResult } from '../src/report/report.ts';
import { sectionHeading, sectionLink } from '../src/catalogue/spec-section.ts';

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Wall time of some checks: the union of their intervals, since checks run concurrently and their sum would
 * count the same second once per check running in it. */
export function wallMs(checks: readonly { startedAt: string; durationMs: number }[]): number {
  const spans = checks
    .map((c) => [Date.parse(c.startedAt), Date.parse(c.startedAt) + c.durationMs] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    if (to > end) total += to - Math.max(from, end);
    end = Math.max(end, to);
  }
  return total;
}

/** What the test case says: the JUnit element and its message, or undefined for a pass. */
function verdict(
  r: RuleResult,
  report: Report,
): { element: 'failure' | 'error' | 'skipped'; message: string } | undefined {
  if (r.baseline === 'expected-fail') {
    const known = report.baseline?.rules.find((b) => b.id === r.id)?.reason;
    return { element: 'skipped', message: `expected-fail (baseline: ${known}): ${r.reason ?? r.status}` };
  }
  if (r.status === 'fail') return { element: 'failure', message: r.reason ?? 'failed' };
  if (r.status === 'error') return { element: 'error', message: r.reason ?? 'error' };
  if (r.status === 'skipped') return { element: 'skipped', message: r.reason ?? 'skipped' };
  if (r.status === 'interrupted') return { element: 'skipped', message: `interrupted: ${r.reason ?? ''}` };
  if (r.status === 'not-applicable') return { element: 'skipped', message: `not applicable: ${r.reason ?? ''}` };
  if (r.status === 'untested')
    return { element: 'skipped', message: `untested: ${r.reason ?? 'no check implements this rule yet'}` };
  return undefined;
}

function details(r: RuleResult): string {
  const parts = [`${r.id} (${r.level}, ${sectionHeading(r.section)}): ${r.statement}`, '', `Reason: ${r.reason}`];
  for (const c of r.checks.filter((x) => x.status === r.status)) {
    parts.push('', `Check "${c.name}": ${c.status}${c.reason ? `: ${c.reason}` : ''}`);
    if (c.expected !== undefined) parts.push(`  expected: ${valueText(c.expected)}`);
    if (c.actual !== undefined) parts.push(`  actual:   ${valueText(c.actual)}`);
    if (c.curl) parts.push(`  reproduce: ${c.curl}`);
  }
  if (r.rerun) parts.push('', `Rerun: ${r.rerun}`);
  if (r.evidence.length) parts.push('', 'Evidence:', ...r.evidence.map(exchangeText));
  return parts.join('\n');
}

function testCase(suite: XMLBuilder, r: RuleResult, report: Report): void {
  const tc = suite.ele('testcase', {
    name: `${r.id}: ${r.statement}`,
    classname: sectionHeading(r.section),
    time: seconds(wallMs(r.checks)),
  });
  const props = tc.ele('properties');
  const property = (name: string, value: string) => props.ele('property', { name, value });
  property('rule', r.id);
  property('level', r.level);
  property('section', r.section);
  property('tags', r.tags.join(','));
  property('spec', sectionLink(r.section));
  if (r.baseline) property('baseline', r.baseline);
  if (r.coverage) property('coverage', r.coverage);
  if (r.partial) property('partial', r.reason ?? 'true');
  const v = verdict(r, report);
  if (!v) return;
  const el = tc.ele(v.element, { message: v.message, ...(v.element === 'skipped' ? {} : { type: r.level }) });
  if (v.element !== 'skipped') el.txt(details(r));
}

export function renderJunit(report: Report): string {
  // A rule the filter left out was not run: it is no test case (the filter is a property of every suite).
  const rules = report.rules.filter((r) => r.status !== 'left-out');
  const counts = (rules: RuleResult[], ms: number) => {
    const vs = rules.map((r) => verdict(r, report)?.element);
    return {
      tests: String(rules.length),
      failures: String(vs.filter((e) => e === 'failure').length),
      errors: String(vs.filter((e) => e === 'error').length),
      skipped: String(vs.filter((e) => e === 'skipped').length),
      time: seconds(ms),
    };
  };
  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' });
  const root = doc.ele('testsuites', {
    name: `conformance: ${report.target.name}`,
    ...counts(rules, report.durationMs),
    timestamp: report.startedAt,
  });
  const sections = [...new Set(rules.map((r) => r.section))];
  for (const section of sections) {
    const inSection = rules.filter((r) => r.section === section);
    const suite = root.ele('testsuite', {
      name: sectionHeading(section),
      ...counts(inSection, wallMs(inSection.flatMap((r) => r.checks))),
      timestamp: report.startedAt,
    });
    const props = suite.ele('properties');
    props.ele('property', { name: 'target', value: report.target.name });
    props.ele('property', { name: 'baseUrl', value: report.target.baseUrl });
    props.ele('property', { name: 'seed', value: String(report.seed) });
    props.ele('property', { name: 'numRuns', value: String(report.numRuns) });
    props.ele('property', { name: 'cases', value: report.cases });
    if (report.filter) props.ele('property', { name: 'filter', value: filterText(report.filter) });
    props.ele('property', { name: 'rerun', value: report.rerun });
    props.ele('property', { name: 'suite', value: `${report.suite.name} ${report.suite.version}` });
    for (const r of inSection) testCase(suite, r, report);
  }
  return doc.end({ prettyPrint: true });
}

export function writeJunitReport(report: Report, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'junit.xml');
  writeFileSync(file, `${renderJunit(report)}\n`);
  return file;
}
