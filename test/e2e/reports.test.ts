// One run writes every report, and they agree: JUnit XML, Allure results and the HTML report list each rule of
// conformance.json with the same status; failures carry their reason, evidence and curl line; the certificate
// verifies; GitHub annotations name the failing MUST rules; and the Allure command line turns the results into
// its HTML report without a network. Each names the seed, the cases per property and the filter of the run, and its
// rerun lines reproduce the run. None holds a private key or token, nor does the console.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRule, rules as catalogue } from '../../src/catalogue/catalogue.ts';
import type { Certificate } from '../../src/report/certificate.ts';
import type { Report } from '../../src/report/report.ts';
import { filesUnder, leaksOf, referenceSecrets } from '../safety/secret-scan.ts';
import { cliWords, runCli, runLine, statusOf, type CliRun } from './cli.ts';
import { reportSchemaProblems } from './report-schema.ts';
import {
  allureRuleStatuses,
  htmlFacts,
  htmlRuleStatuses,
  label,
  readAllureResults,
  readJunit,
} from './report-readers.ts';

let run: CliRun;
let report: Report;
const statuses = () => new Map(report.rules.map((r) => [r.id, r.status]));
const secrets = referenceSecrets();
const seed = 4242;
const numRuns = 7;
// Lines to type where the run was started: the clone's root, where it ran as node and the compiled CLI's path.
const ruleRerun = `${cliWords} run --target reference --mutant METH-405 --rule METH-405 --seed ${seed} --num-runs ${numRuns} --cases all`;

beforeAll(async () => {
  // A run with a failing rule, as a GitHub Actions job would make it, with machine output on stdout and Allure's results.
  run = await runCli(
    [
      'run',
      '--mutant',
      'METH-405',
      '--seed',
      String(seed),
      '--num-runs',
      String(numRuns),
      '--cases',
      'all',
      '--json',
      '--allure',
    ],
    { ...secrets, GITHUB_ACTIONS: 'true' },
  );
  expect(run.report, run.stderr).toBeDefined();
  report = run.report!;
}, 300_000);

describe('reports of one run', () => {
  it('hold no private key or token, in any form, and neither does the console', () => {
    expect(filesUnder(run.reportsDir).length).toBeGreaterThan(0);
    expect(leaksOf(run, secrets)).toEqual([]);
    // The evidence does hold authenticated exchanges: the scan looked at real material.
    expect(JSON.stringify(report)).toMatch(/Digest username=/);
    // The run's keys are these: their public halves are in its evidence.
    expect(JSON.stringify(report)).toContain(secrets.REFERENCE_OWNER_PUBLIC_KEY);
  });

  it('keeps stdout pure JSON, equal to conformance.json', () => {
    expect(JSON.parse(run.stdout)).toEqual(report);
    expect(report.rules.find((r) => r.id === 'METH-405')?.status).toBe('fail');
  });

  it('conformance.json matches its published schema, which refuses a missing or unknown field', () => {
    // runCli checks every report the end-to-end tests make; this shows the check can refuse one.
    expect(reportSchemaProblems(report)).toEqual([]);
    const { seed: _seed, ...noSeed } = report;
    expect(reportSchemaProblems(noSeed)).toEqual([expect.stringMatching(/must have required property 'seed'/)]);
    const extra = structuredClone(report);
    (extra.rules[0]!.checks[0] as Record<string, unknown>).elapsed = 1;
    expect(reportSchemaProblems(extra)).toEqual([
      expect.stringMatching(/^\/rules\/0\/checks\/0: must NOT have additional properties \(elapsed\)$/),
    ]);
  });

  it("conformance.json: a failure's expected and actual keep their types (a status is a number in both)", () => {
    const failed = report.rules.find((r) => r.id === 'METH-405')!.checks.filter((c) => c.status === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    for (const c of failed) expect([c.expected, c.actual]).toEqual([405, expect.any(Number)]);
  });

  it('conformance.json: the seed, the cases per property, no filter, and rerun lines that name them and the target', () => {
    expect([report.seed, report.numRuns, report.cases, report.filter]).toEqual([seed, numRuns, 'all', undefined]);
    expect(report.rerun).toBe(
      `${cliWords} run --target reference --mutant METH-405 --seed ${seed} --num-runs ${numRuns} --cases all`,
    );
    expect(report.rules.filter((r) => r.rerun).map((r) => r.rerun)).toEqual(
      report.rules
        .filter((r) => r.status === 'fail' || r.status === 'error')
        .map((r) => ruleRerun.replace('METH-405 --seed', `${r.id} --seed`)),
    );
  });

  it("a rule's rerun line reproduces its run: same target, seed, cases per property and result, printed on the console", async () => {
    const again = await runLine(report.rules.find((r) => r.id === 'METH-405')!.rerun!, process.cwd());
    expect(again.code, again.stderr).toBe(1);
    const rerun = again.report!;
    expect([rerun.seed, rerun.numRuns, rerun.cases, rerun.filter, rerun.target.mutants]).toEqual([
      seed,
      numRuns,
      'all',
      { rules: ['METH-405'], tags: [] },
      ['METH-405'],
    ]);
    expect(statusOf(rerun, 'METH-405')).toBe('fail');
    // The rerun of a one-rule run is that run's own rerun line.
    expect(rerun.rerun).toBe(ruleRerun);
    expect(again.stderr).toMatch(
      new RegExp(
        `^conformance: embedded reference target at \\S+, seed ${seed}, num-runs ${numRuns}, cases all, run `,
        'm',
      ),
    );
    const lines = again.stdout.split('\n');
    expect(lines).toContain(`rerun this run: ${ruleRerun}`);
    expect(lines).toContain(`rerun METH-405: ${ruleRerun}`);
    expect(lines.find((l) => / HTTP requests in /.test(l))).toMatch(
      new RegExp(`\\(seed ${seed}, num-runs ${numRuns}, cases all, filter: rule METH-405\\)$`),
    );
    // Its JUnit and HTML summaries name the filter.
    const suites = readJunit(readFileSync(join(again.reportsDir, 'junit.xml'), 'utf8')).suites;
    expect(new Set(suites.map((s) => `${s.properties.filter} ${s.properties.numRuns} ${s.properties.rerun}`))).toEqual(
      new Set([`rule METH-405 ${numRuns} ${ruleRerun}`]),
    );
    expect(htmlFacts(readFileSync(join(again.reportsDir, 'index.html'), 'utf8')).get('filter')).toBe('rule METH-405');
  });

  it('JUnit XML: one test case per rule, named by id and statement, with the status of conformance.json', () => {
    const junit = readJunit(readFileSync(join(run.reportsDir, 'junit.xml'), 'utf8'));
    expect(junit.cases.map((c) => c.rule).sort()).toEqual(catalogue.map((r) => r.id).sort());
    expect(new Map(junit.cases.map((c) => [c.rule, c.status]))).toEqual(statuses());
    for (const c of junit.cases) expect(c.name).toBe(`${c.rule}: ${findRule(c.rule)!.statement}`);
    for (const s of junit.suites) {
      expect([s.properties.seed, s.properties.numRuns, s.properties.filter, s.properties.rerun], s.name).toEqual([
        String(seed),
        String(numRuns),
        undefined,
        report.rerun,
      ]);
    }
    expect(junit.totals).toEqual({
      tests: String(report.rules.length),
      failures: String(report.totals.fail),
      errors: String(report.totals.error),
      skipped: String(report.totals.skipped + report.totals.untested),
    });
    const failure = junit.cases.find((c) => c.rule === 'METH-405')!;
    const rule = report.rules.find((r) => r.id === 'METH-405')!;
    expect(failure.message).toBe(rule.reason);
    expect(failure.text).toContain(`Rerun: ${ruleRerun}`);
    expect(failure.properties.level).toBe('MUST');
    expect(failure.text).toContain(`Reason: ${rule.reason}`);
    expect(failure.text).toMatch(/reproduce: curl -sS -i .* -X (DELETE|POST|PUT|PATCH) /);
    expect(failure.text).toContain(`> ${rule.evidence[0]!.request.method} ${rule.evidence[0]!.request.url}`);
    expect(failure.text).toContain('< 404');
    for (const r of report.rules.filter((x) => x.status === 'skipped' || x.status === 'untested')) {
      expect(junit.cases.find((c) => c.rule === r.id)!.message).toBe(
        r.status === 'untested' ? `untested: ${r.reason}` : r.reason,
      );
    }
  });

  it("JUnit XML: the run's time is its wall time, a case's the wall time of its checks, not the sum of concurrent ones", () => {
    const junit = readJunit(readFileSync(join(run.reportsDir, 'junit.xml'), 'utf8'));
    expect(junit.time).toBe(Number((report.durationMs / 1000).toFixed(3)));
    // The milliseconds during which at least one of the checks ran.
    const wall = (checks: { startedAt: string; durationMs: number }[]) => {
      const busy = new Set<number>();
      for (const c of checks)
        for (let t = Date.parse(c.startedAt); t < Date.parse(c.startedAt) + c.durationMs; t++) busy.add(t);
      return busy.size / 1000;
    };
    for (const c of junit.cases)
      expect(c.time, c.rule).toBeCloseTo(wall(report.rules.find((r) => r.id === c.rule)!.checks), 3);
    for (const s of junit.suites) {
      const rules = report.rules.filter((r) => s.name.startsWith(`§${r.section} `));
      expect(rules.length, s.name).toBeGreaterThan(0);
      expect(s.time, s.name).toBeCloseTo(wall(rules.flatMap((r) => r.checks)), 3);
      expect(s.time).toBeLessThanOrEqual(junit.time);
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
      expect(r.links.map((l) => l.url)).toEqual([
        expect.stringMatching(new RegExp(`^spec/admin-api-spec\\.md#${rule.section.replace(/\./g, '')}-[a-z0-9-]+$`)),
      ]);
    }
    const environment = readFileSync(join(run.reportsDir, 'allure-results', 'environment.properties'), 'utf8').split(
      '\n',
    );
    expect(environment).toEqual(
      expect.arrayContaining([`seed=${seed}`, `numRuns=${numRuns}`, `rerun=${report.rerun}`]),
    );
    expect(environment.some((l) => l.startsWith('filter='))).toBe(false);
    // A broken rule's results carry the redacted exchange and the curl line as attachments.
    const failed = results.find((r) => label(r, 'ruleId')[0] === 'METH-405' && r.status === 'failed')!;
    const attachments = [...failed.attachments, ...failed.steps.flatMap((s) => s.attachments)];
    const exchange = attachments.find((a) => a.type === 'application/vnd.allure.http+json')!;
    const content = readFileSync(join(run.reportsDir, 'allure-results', exchange.source), 'utf8');
    expect(content).toMatch(/Digest username=.*response=\\"\[REDACTED\]\\"/);
    expect(attachments.map((a) => a.name)).toContain('curl');
  });

  it('HTML report: every rule with the status of conformance.json, and the seed, cases per property and rerun line of the run', () => {
    const html = readFileSync(join(run.reportsDir, 'index.html'), 'utf8');
    expect(htmlRuleStatuses(html)).toEqual(statuses());
    const facts = htmlFacts(html);
    expect([facts.get('seed'), facts.get('num-runs'), facts.get('filter'), facts.get('rerun')]).toEqual([
      String(seed),
      `${numRuns} generated cases per property check`,
      undefined,
      report.rerun,
    ]);
    expect(html).toContain(`<pre class="rerun">${ruleRerun}</pre>`);
  });

  it('certificate: written by a run without filter or baseline, with its seed and cases per property, and valid', async () => {
    const certificate = JSON.parse(readFileSync(join(run.reportsDir, 'certificate.json'), 'utf8')) as Certificate;
    expect(new Map(certificate.rules.map((r) => [r.id, r.status]))).toEqual(statuses());
    expect([certificate.seed, certificate.numRuns, certificate.filter]).toEqual([seed, numRuns, null]);
    // Intact, and (with the mutant's failure) not conformant: exit 1, as a gate needs.
    const verify = await runCli(['verify', join(run.reportsDir, 'certificate.json')]);
    expect(certificate.verdict.conformant).toBe(false);
    expect(verify.code, verify.stdout).toBe(1);
    expect(verify.stdout).toMatch(/^valid: .* is not conformant /);
    expect(verify.stderr).toMatch(
      /^conformance: exit 1: .* verifies, and says not conformant: 1 MUST rule failed \(METH-405\)$/m,
    );
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
      execFile(
        'unshare',
        ['--net', 'node_modules/.bin/allure', 'generate', join(run.reportsDir, 'allure-results'), '-o', out],
        { timeout: 120_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(result.code, result.output).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { stats: Record<string, number> };
    const results = readAllureResults(join(run.reportsDir, 'allure-results'));
    expect(summary.stats.total).toBe(results.length);
    expect(summary.stats.failed).toBe(results.filter((r) => r.status === 'failed').length);
    const shown = Object.values(
      (JSON.parse(readFileSync(join(out, 'test-results.json'), 'utf8')) as { byId: Record<string, { name: string }> })
        .byId,
    );
    expect(shown.some((t) => t.name.startsWith('METH-405: '))).toBe(true);
  });
});
