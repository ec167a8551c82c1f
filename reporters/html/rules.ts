// The rules of the HTML report: the failures and errors first, as links, then every rule by spec section, with
// filters (status, section, level, tag, text): each rule a <details> that opens to its reason, the text of its spec
// section, its checks (expected versus actual, curl reproduction), the rerun command and the evidence.
import { statuses, type Report, type RuleResult } from '../../src/report/report.ts';
import type { Exchange } from '../../src/exchange.ts';
import { exchangeText, valueText } from '../../src/report/evidence-text.ts';
import { sectionHeading, sectionText } from '../../src/catalogue/spec-section.ts';
import { html, type Html } from './html.ts';

function filters(report: Report): Html {
  const sections = [...new Set(report.rules.map((r) => r.section))];
  return html`<form class="filters" id="filters" hidden>
<fieldset><legend>Status</legend>${statuses.map((s) => html`<label><input type="checkbox" name="status" value="${s}" checked> ${s} (${report.totals[s]})</label>`)}</fieldset>
<label>Section <select name="section"><option value="">all sections</option>${sections.map((s) => html`<option value="${s}">${sectionHeading(s)}</option>`)}</select></label>
<label>Level <select name="level"><option value="">all levels</option><option>MUST</option><option>SHOULD</option><option>INFO</option></select></label>
<label>Tag <select name="tag"><option value="">all tags</option>${[...new Set(report.rules.flatMap((r) => r.tags))].sort().map((t) => html`<option>${t}</option>`)}</select></label>
<label>Search <input type="search" name="q" placeholder="rule id, statement, reason"></label>
<output id="shown"></output>
</form>`;
}

function checks(r: RuleResult): Html {
  if (!r.checks.length) return html``;
  return html`<h3>Checks</h3><table class="checks"><thead><tr><th>check</th><th>status</th><th>reason</th><th>requests</th><th>ms</th></tr></thead><tbody>
${r.checks.map((c) => html`<tr><td>${c.name}</td><td><span class="badge ${c.status}">${c.status}</span></td><td>${c.reason}${c.cause ? ` (${c.cause})` : ''}</td><td class="n">${c.requests}</td><td class="n">${c.durationMs}</td></tr>`)}
</tbody></table>
${r.checks
  .filter((c) => c.status === 'fail' || c.status === 'error')
  .map(
    (c) => html`<h3>${c.name}</h3>
${c.expected !== undefined ? html`<p class="muted">expected</p><pre class="expected">${valueText(c.expected)}</pre>` : ''}
${c.actual !== undefined ? html`<p class="muted">actual</p><pre class="actual">${valueText(c.actual)}</pre>` : ''}
${c.counterexample !== undefined ? html`<p class="muted">counterexample</p><pre>${valueText(c.counterexample)}</pre>` : ''}
${c.curl ? html`<p class="muted">reproduce with curl</p><pre class="curl">${c.curl}</pre>` : ''}`,
  )}`;
}

/** An exchange of the evidence, collapsible, titled by its request and answer; JSON bodies indented. */
function exchange(e: Exchange): Html {
  const answer = e.response ? String(e.response.status) : e.error ? `${e.error.cause}` : 'no answer';
  return html`<details class="exchange" open><summary><code>${e.request.method} ${e.request.url}</code> → ${answer}</summary><pre class="evidence">${exchangeText(e)}</pre></details>`;
}

function rule(r: RuleResult, report: Report): Html {
  const known = report.baseline?.rules.find((b) => b.id === r.id)?.reason;
  return html`<details class="rule" id="rule-${r.id}" data-rule="${r.id}" data-status="${r.status}" data-section="${r.section}" data-level="${r.level}" data-tags="${r.tags.join(' ')}"${r.baseline ? html` data-baseline="${r.baseline}"` : ''}>
<summary><span class="badge ${r.status}">${r.status}</span><code>${r.id}</code><span class="level">${r.level}</span>${r.baseline ? html`<span class="badge baseline">${r.baseline}</span>` : ''}${r.partial ? html`<span class="badge partial">partial</span>` : ''}<span class="statement">${r.statement}${r.reason && r.status !== 'pass' ? html`<span class="reason">${r.reason}</span>` : ''}</span></summary>
<div class="body">
${r.reason ? html`<p class="reason"><strong>${r.status}:</strong> ${r.reason}</p>` : ''}
${r.coverage ? html`<p class="coverage">judged: ${r.coverage}</p>` : ''}
${known !== undefined ? html`<p>Listed in the baseline: ${known}</p>` : ''}
<p class="muted">tags: ${r.tags.join(', ') || 'none'}</p>
<details class="spec"><summary>spec ${sectionHeading(r.section)}</summary><pre class="spec-text">${sectionText(r.section)}</pre></details>
${checks(r)}
${r.rerun ? html`<h3>Rerun</h3><pre class="rerun">${r.rerun}</pre>` : ''}
${r.evidence.length ? html`<h3>Evidence</h3>${[...new Set(r.evidence.map((e) => e.check))].map((check) => html`<div class="evidence-group"><h4>${check}</h4>${r.evidence.filter((e) => e.check === check).map(exchange)}</div>`)}` : ''}
</div>
</details>`;
}

/** The rules that failed or erred, first, each a link that opens it below. */
function attention(report: Report): Html {
  const broken = report.rules.filter((r) => r.status === 'fail' || r.status === 'error');
  if (!broken.length) return html``;
  return html`<section id="attention"><h2>Failures and errors</h2><ul>
${broken.map((r) => html`<li><span class="badge ${r.status}">${r.status}</span> <a href="#rule-${r.id}"><code>${r.id}</code></a> <span class="level">${r.level}</span> ${r.reason}</li>`)}
</ul></section>`;
}

export function ruleList(report: Report): Html {
  const sections = [...new Set(report.rules.map((r) => r.section))];
  return html`${attention(report)}
<h2>Rules</h2>
${filters(report)}
${sections.map(
  (s) => html`<section class="rules" id="s-${s}" data-section="${s}"><h2>${sectionHeading(s)}</h2>
${report.rules.filter((r) => r.section === s).map((r) => rule(r, report))}
</section>
`,
)}`;
}
