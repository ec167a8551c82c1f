// The HTML report in a real browser (Debian's Chromium driven by playwright-core): it opens from disk with no
// network, shows the counts of conformance.json, filters by status and section, opens a failure to its reason,
// curl line and evidence, and shows a hostile body as text. Its screenshot goes to the run's reports and to
// the repository's reports/html-report.png, which CI keeps.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../reporters/html/page.ts';
import type { Report } from '../../src/report/report.ts';
import { runCli, type CliRun } from './cli.ts';

let run: CliRun;
let report: Report;
let browser: BrowserContext;
/** Every URL the pages asked for that is not the report file itself. */
const outside: string[] = [];

async function open(file: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`file://${file}`);
  return page;
}

beforeAll(async () => {
  [run, browser] = await Promise.all([
    runCli(['run', '--mutant', 'METH-405']),
    chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'chromium-profile-')), {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      viewport: { width: 1280, height: 900 },
    }),
  ]);
  expect(run.report, run.stderr).toBeDefined();
  report = run.report!;
  // The report must not need the network: any request that leaves the file is recorded and refused.
  await browser.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('HTML report in Chromium', () => {
  it('shows the counts of conformance.json, filters, expands a failure, needs no network, and is screenshotted', async () => {
    const page = await open(join(run.reportsDir, 'index.html'));
    const cell = (status: string, level: string) => page.locator(`#counts td[data-status="${status}"][data-level="${level}"]`).innerText();
    for (const status of ['pass', 'fail', 'error', 'skipped', 'untested'] as const) {
      expect(Number(await cell(status, 'all')), status).toBe(report.totals[status]);
      expect(Number(await cell(status, 'MUST')), `MUST ${status}`).toBe(report.mustTotals[status]);
    }
    expect(Number(await cell('total', 'all'))).toBe(report.rules.length);
    await expect.poll(() => page.locator('#shown').innerText()).toBe(`${report.rules.length} of ${report.rules.length} rules shown`);

    // Filter: failures only, then only those of §4.1.
    for (const status of ['pass', 'error', 'skipped', 'untested']) await page.locator(`input[name=status][value=${status}]`).uncheck();
    const visibleRules = () => page.locator('details.rule:visible').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.rule));
    expect(await visibleRules()).toEqual(report.rules.filter((r) => r.status === 'fail').map((r) => r.id));
    await page.locator('select[name=section]').selectOption('4.1');
    const failingIn41 = report.rules.filter((r) => r.status === 'fail' && r.section === '4.1').map((r) => r.id);
    expect(failingIn41).toContain('METH-405');
    expect(await visibleRules()).toEqual(failingIn41);
    expect(await page.locator('#shown').innerText()).toBe(`${failingIn41.length} of ${report.rules.length} rules shown`);

    // Expand the failure: its reason, the curl reproduction and the evidence.
    const rule = report.rules.find((r) => r.id === 'METH-405')!;
    const details = page.locator('#rule-METH-405');
    await details.locator('summary').click();
    expect(await details.locator('p.reason').innerText()).toBe(`fail: ${rule.reason}`);
    expect(await details.locator('pre.curl').first().innerText()).toMatch(/^curl -sS -i .*'https:\/\/127\.0\.0\.1:\d+\/api\/platform\/v2/);
    expect(await details.locator('pre.evidence').first().innerText()).toContain(`> ${rule.evidence[0]!.request.method} ${rule.evidence[0]!.request.url}`);

    const shot = join(run.reportsDir, 'html-report.png');
    await page.screenshot({ path: shot, fullPage: true });
    mkdirSync('reports', { recursive: true });
    copyFileSync(shot, join('reports', 'html-report.png'));
    expect(outside).toEqual([]);
  });

  it('shows markup from the target as text: nothing of it runs or loads', async () => {
    const hostile = `<script>window.injected = 1</script><img src="https://attacker.invalid/x" onerror="window.injected = 2">"'&`;
    const tampered = structuredClone(report);
    const rule = tampered.rules.find((r) => r.id === 'METH-405')!;
    rule.reason = hostile;
    rule.evidence[0]!.response!.body = hostile;
    rule.evidence[0]!.response!.headers['x-hostile'] = hostile;
    tampered.target.name = hostile;
    const file = join(mkdtempSync(join(tmpdir(), 'hostile-report-')), 'index.html');
    writeFileSync(file, renderHtml(tampered));
    const page = await open(file);
    await page.locator('#rule-METH-405 summary').click();
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect(await page.locator('h1').innerText()).toBe(`Conformance report: ${hostile}`);
    expect(await page.locator('#rule-METH-405 p.reason').innerText()).toBe(`fail: ${hostile}`);
    expect(await page.locator('#rule-METH-405 pre.evidence').first().innerText()).toContain(`< ${hostile}`);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1); // the report's own
    expect(outside).toEqual([]);
  });
});
