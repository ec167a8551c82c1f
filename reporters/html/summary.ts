// Top of the HTML report: what ran against what, the verdict on MUST rules, counts by status and level, and a
// bar per spec section.
import type { Level } from '../../src/catalogue/catalogue.ts';
import type { Status } from '../../src/outcome.ts';
import { filterText } from '../../src/report/filter-text.ts';
import { statuses, type Report, type RuleResult } from '../../src/report/report.ts';
import { sectionHeading } from '../../src/catalogue/spec-section.ts';
import { formatTotals } from '../console-table.ts';
import { mustVerdict } from '../../src/report/must-verdict.ts';
import { html, type Html } from './html.ts';

const levels: Level[] = ['MUST', 'SHOULD', 'INFO'];

function facts(report: Report): Html {
  const rows: [string, string | undefined][] = [
    ['target', `${report.target.name} (${report.target.baseUrl})`],
    ['mutants', report.target.mutants?.join(', ')],
    ['suite', `${report.suite.name} ${report.suite.version}`],
    ['spec', `${report.spec.file} (sha256 ${report.spec.sha256})`],
    ['catalogue', `${report.catalogue.rules} rules (sha256 ${report.catalogue.sha256})`],
    ['seed', String(report.seed)],
    ['num-runs', `${report.numRuns} generated cases per property check`],
    ['started', `${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s, ${report.requests} HTTP requests`],
    ['filter', report.filter ? filterText(report.filter) : undefined],
    ['rerun', report.rerun],
    [
      'baseline',
      report.baseline
        ? `${report.baseline.file}: ${report.baseline.expectedFail.length} expected-fail, ${report.baseline.unexpectedPass.length} unexpected-pass`
        : undefined,
    ],
    ['interrupted', report.interrupted ? `by ${report.interrupted}: results are incomplete` : undefined],
    ...report.runErrors.map((e): [string, string] => ['run error', e]),
    ...report.cleanup.leftovers.map((l): [string, string] => ['left behind', `${l.path}: ${l.reason}`]),
  ];
  return html`<dl class="facts">${rows.filter(([, v]) => v !== undefined).map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>`;
}

function verdict(report: Report, certificate: string | undefined): Html {
  const { kind, text } = mustVerdict(report);
  return html`<p class="verdict ${kind === 'broken' ? 'bad' : kind === 'unjudged' ? 'warn' : 'ok'}" id="verdict">${text}</p>${certificate ? html`<p class="verdict ${certificate.startsWith('conformant') ? 'ok' : 'bad'}" id="certificate">certificate: ${certificate}</p>` : ''}`;
}

function countsTable(report: Report): Html {
  const count = (rules: RuleResult[], s: Status) => rules.filter((r) => r.status === s).length;
  const byLevel = levels.map((l) => [l, report.rules.filter((r) => r.level === l)] as const);
  return html`<table class="counts" id="counts">
<thead><tr><th>status</th><th>all rules</th>${levels.map((l) => html`<th>${l}</th>`)}</tr></thead>
<tbody>${statuses.map((s) => html`<tr><th><span class="badge ${s}">${s}</span></th><td class="n" data-status="${s}" data-level="all">${report.totals[s]}</td>${byLevel.map(([l, rules]) => html`<td class="n" data-status="${s}" data-level="${l}">${count(rules, s)}</td>`)}</tr>`)}
<tr><th>total</th><td class="n" data-status="total" data-level="all">${report.rules.length}</td>${byLevel.map(([l, rules]) => html`<td class="n" data-status="total" data-level="${l}">${rules.length}</td>`)}</tr></tbody>
</table>`;
}

/** A stacked bar of the section's rules by status, as SVG: its shapes need no inline style. */
function bar(rules: RuleResult[]): Html {
  let x = 0;
  const parts = statuses.map((s) => {
    const n = rules.filter((r) => r.status === s).length;
    const rect = n
      ? html`<rect class="s-${s}" x="${x}" y="0" width="${n}" height="1"><title>${n} ${s}</title></rect>`
      : html``;
    x += n;
    return rect;
  });
  return html`<svg class="bar" viewBox="0 0 ${rules.length} 1" preserveAspectRatio="none" role="img" aria-label="${statuses.map((s) => `${rules.filter((r) => r.status === s).length} ${s}`).join(', ')}">${parts}</svg>`;
}

function sectionBars(report: Report): Html {
  const sections = [...new Set(report.rules.map((r) => r.section))];
  return html`<table class="sections" id="sections"><thead><tr><th>spec section</th><th>rules</th><th>by status</th><th></th></tr></thead><tbody>
${sections.map((section) => {
  const rules = report.rules.filter((r) => r.section === section);
  const label = statuses
    .map((s) => [s, rules.filter((r) => r.status === s).length] as const)
    .filter(([, n]) => n)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  return html`<tr data-section="${section}"><th><a href="#s-${section}">${sectionHeading(section)}</a></th><td class="n">${rules.length}</td><td class="bar">${bar(rules)}</td><td>${label}</td></tr>\n`;
})}</tbody></table>`;
}

const totalsText = (t: Report['totals']) => formatTotals(t);

/** The run in a few lines of plain text, for a QA lead to paste into a ticket or a chat. */
export function pasteSummary(report: Report): string {
  return [
    `Conformance of ${report.target.name} (${report.target.baseUrl}), suite ${report.suite.name} ${report.suite.version}`,
    `${report.rules.length} rules: ${totalsText(report.totals)}`,
    `MUST rules: ${totalsText(report.mustTotals)}`,
    `${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s, ${report.requests} HTTP requests, seed ${report.seed}, num-runs ${report.numRuns}${report.filter ? `, filter: ${filterText(report.filter)}` : ''}`,
    `rerun: ${report.rerun}`,
  ].join('\n');
}

export function summary(report: Report, certificate?: string): Html {
  return html`<header>
<h1>Conformance report: ${report.target.name}</h1>
${verdict(report, certificate)}
<pre id="run-summary" class="paste">${pasteSummary(report)}</pre>
${facts(report)}
</header>
<h2>Rules by status and level</h2>
<div class="summary">${countsTable(report)}</div>
<h2>Rules by spec section</h2>
${sectionBars(report)}`;
}
