// One run writes every report, and they agree: JUnit XML, Allure results and the HTML report list each rule of
// conformance.json with the same status; failures carry their reason, evidence and curl line; the certificate
// verifies; GitHub annotations name the failing MUST rules; and the Allure command line turns the results into
// its HTML report without a network.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRule, rules as catalogue } from '../../src/catalogue/catalogue.ts';
import type { Report } from '../../src/report/report.ts';
import { runCli, type CliRun } from './cli.ts';
import { allureRuleStatuses, htmlRuleStatuses, label, readAllureResults, readJunit } from './report-readers.ts';

let run: CliRun;
let report: Report;
const statuses = () => new Map(report.rules.map((r) => [r.id, r.status]));

beforeAll(async () => {
  // A run with a failing rule, as a GitHub Actions job would make it, with machine output on stdout.
  run = await runCli(['run', '--mutant', 'METH-405', '--json'], { GITHUB_ACTIONS: 'true' });
  expect(run.report, run.stderr).toBeDefined();
  report = run.report!;
}, 300_000);

describe('reports of one run', () => {
  it('keeps stdout pure JSON, equal to conformance.json', () => {
    expect(JSON.parse(run.stdout)).toEqual(report);
    expect(report.rules.find((r) => r.id === 'METH-405')?.status).toBe('fail');
  });

  it('JUnit XML: one test case per rule, named by id and statement, with the status of conformance.json', () => {
    const junit = readJunit(readFileSync(join(run.reportsDir, 'junit.xml'), 'utf8'));
    expect(junit.cases.map((c) => c.rule).sort()).toEqual(catalogue.map((r) => r.id).sort());
    expect(new Map(junit.cases.map((c) => [c.rule, c.status]))).toEqual(statuses());
    for (const c of junit.cases) expect(c.name).toBe(`${c.rule}: ${findRule(c.rule)!.statement}`);
    expect(junit.totals).toEqual({
      tests: String(report.rules.length),
      failures: String(report.totals.fail),
      errors: String(report.totals.error),
      skipped: String(report.totals.skipped + report.totals.untested),
    });
    const failure = junit.cases.find((c) => c.rule === 'METH-405')!;
    const rule = report.rules.find((r) => r.id === 'METH-405')!;
    expect(failure.message).toBe(rule.reason);
    expect(failure.properties.level).toBe('MUST');
    expect(failure.text).toContain(`Reason: ${rule.reason}`);
    expect(failure.text).toMatch(/reproduce: curl -sS -i .* -X (DELETE|POST|PUT|PATCH) /);
    expect(failure.text).toContain(`> ${rule.evidence[0]!.request.method} ${rule.evidence[0]!.request.url}`);
    expect(failure.text).toContain('< 404');
    for (const r of report.rules.filter((x) => x.status === 'skipped' || x.status === 'untested')) {
      expect(junit.cases.find((c) => c.rule === r.id)!.message).toBe(r.status === 'untested' ? `untested: ${r.reason}` : r.reason);
    }
  });

  it('Allure results: every rule, with its id, section, level and tags as labels, the spec link and the same status', () => {
    const results = readAllureResults(join(run.reportsDir, 'allure-results'));
    expect(allureRuleStatuses(results)).toEqual(statuses());
    for (const r of results) {
      const rule = findRule(label(r, 'ruleId')[0]!)!;
      expect(label(r, 'section')).toEqual([rule.section]);
      expect(label(r, 'level')).toEqual([rule.level]);
      expect(label(r, 'tag').sort()).toEqual([...rule.tags].sort());
      // The heading's anchor: "### 4.1 HTTP methods" → #41-http-methods.
      expect(r.links.map((l) => l.url)).toEqual([expect.stringMatching(new RegExp(`^spec/admin-api-spec\\.md#${rule.section.replace(/\./g, '')}-[a-z0-9-]+$`))]);
    }
    // A broken rule's results carry the redacted exchange and the curl line as attachments.
    const failed = results.find((r) => label(r, 'ruleId')[0] === 'METH-405' && r.status === 'failed')!;
    const attachments = [...failed.attachments, ...failed.steps.flatMap((s) => s.attachments)];
    const exchange = attachments.find((a) => a.type === 'application/vnd.allure.http+json')!;
    const content = readFileSync(join(run.reportsDir, 'allure-results', exchange.source), 'utf8');
    expect(content).toMatch(/Digest username=.*response=\\"\[REDACTED\]\\"/);
    expect(attachments.map((a) => a.name)).toContain('curl');
  });

  it('HTML report: every rule with the status of conformance.json', () => {
    const html = readFileSync(join(run.reportsDir, 'index.html'), 'utf8');
    expect(htmlRuleStatuses(html)).toEqual(statuses());
  });

  it('certificate: written by a run without filter or baseline, and valid', async () => {
    const certificate = JSON.parse(readFileSync(join(run.reportsDir, 'certificate.json'), 'utf8')) as { rules: { id: string; status: string }[] };
    expect(new Map(certificate.rules.map((r) => [r.id, r.status]))).toEqual(statuses());
    const verify = await runCli(['verify', join(run.reportsDir, 'certificate.json')]);
    expect(verify.code, verify.stdout).toBe(0);
  });

  it('GitHub Actions annotations: one error per failing or erring MUST rule, titled by its id', () => {
    const annotations = run.stderr.split('\n').filter((l) => l.startsWith('::'));
    const broken = report.rules.filter((r) => r.level === 'MUST' && (r.status === 'fail' || r.status === 'error'));
    expect(annotations.map((l) => l.slice(0, l.indexOf('::', 2)))).toEqual(broken.map((r) => `::error title=${r.id}`));
    expect(annotations).toContain(`::error title=METH-405::fail: ${broken.find((r) => r.id === 'METH-405')!.reason}`);
  });

  it('the Allure command line makes the Allure HTML report from the results with no network', async () => {
    const out = mkdtempSync(join(tmpdir(), 'allure-report-'));
    // A network namespace of its own: nothing but loopback, so a download would fail the command.
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile('unshare', ['--net', 'node_modules/.bin/allure', 'generate', join(run.reportsDir, 'allure-results'), '-o', out], { timeout: 120_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }));
    });
    expect(result.code, result.output).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { stats: Record<string, number> };
    const results = readAllureResults(join(run.reportsDir, 'allure-results'));
    expect(summary.stats.total).toBe(results.length);
    expect(summary.stats.failed).toBe(results.filter((r) => r.status === 'failed').length);
    const shown = Object.values((JSON.parse(readFileSync(join(out, 'test-results.json'), 'utf8')) as { byId: Record<string, { name: string }> }).byId);
    expect(shown.some((t) => t.name.startsWith('METH-405: '))).toBe(true);
  });
});
