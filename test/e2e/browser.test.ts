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
import { pasteSummary } from '../../reporters/html/summary.ts';
import { sectionText } from '../../src/catalogue/spec-section.ts';
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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
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
    const cell = (status: string, level: string) =>
      page.locator(`#counts td[data-status="${status}"][data-level="${level}"]`).innerText();
    for (const status of ['pass', 'fail', 'error', 'skipped', 'untested'] as const) {
      expect(Number(await cell(status, 'all')), status).toBe(report.totals[status]);
      expect(Number(await cell(status, 'MUST')), `MUST ${status}`).toBe(report.mustTotals[status]);
    }
    expect(Number(await cell('total', 'all'))).toBe(report.rules.length);
    await expect
      .poll(() => page.locator('#shown').innerText())
      .toBe(`${report.rules.length} of ${report.rules.length} rules shown`);

    // Filter: failures only, then only those of §4.1.
    for (const status of ['pass', 'error', 'skipped', 'untested'])
      await page.locator(`input[name=status][value=${status}]`).uncheck();
    const visibleRules = () =>
      page.locator('details.rule:visible').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.rule));
    expect(await visibleRules()).toEqual(report.rules.filter((r) => r.status === 'fail').map((r) => r.id));
    await page.locator('select[name=section]').selectOption('4.1');
    const failingIn41 = report.rules.filter((r) => r.status === 'fail' && r.section === '4.1').map((r) => r.id);
    expect(failingIn41).toContain('METH-405');
    expect(await visibleRules()).toEqual(failingIn41);
    expect(await page.locator('#shown').innerText()).toBe(
      `${failingIn41.length} of ${report.rules.length} rules shown`,
    );

    // Expand the failure: its reason, the curl reproduction and the evidence.
    const rule = report.rules.find((r) => r.id === 'METH-405')!;
    const details = page.locator('#rule-METH-405');
    await details.locator(':scope > summary').click();
    expect(await details.locator('p.reason').innerText()).toBe(`fail: ${rule.reason}`);
    expect(await details.locator('pre.curl').first().innerText()).toMatch(
      /^curl -sS -i .*'https:\/\/127\.0\.0\.1:\d+\/api\/platform\/v2/,
    );
    expect(await details.locator('pre.evidence').first().innerText()).toContain(
      `> ${rule.evidence[0]!.request.method} ${rule.evidence[0]!.request.url}`,
    );
    // The evidence sits under the check it belongs to, the failing check's first.
    const groups = await details
      .locator('.evidence-group')
      .evaluateAll((gs) =>
        gs.map((g) => [g.querySelector('h4')!.textContent, g.querySelectorAll('pre.evidence').length]),
      );
    const checks = [...new Set(rule.evidence.map((e) => e.check))];
    expect(groups).toEqual(checks.map((c) => [c, rule.evidence.filter((e) => e.check === c).length]));
    expect(rule.checks.find((c) => c.name === checks[0])!.status).toBe('fail');

    const shot = join(run.reportsDir, 'html-report.png');
    await page.screenshot({ path: shot, fullPage: true });
    mkdirSync('reports', { recursive: true });
    copyFileSync(shot, join('reports', 'html-report.png'));
    expect(outside).toEqual([]);
  });

  it('lists failures first, searches text, filters by tag, and gives a summary to paste', async () => {
    const page = await open(join(run.reportsDir, 'index.html'));
    const broken = report.rules.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.id);
    expect(await page.locator('#attention li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      broken.map((id) => `#rule-${id}`),
    );
    const attention = await page.locator('#attention').boundingBox();
    expect(attention!.y).toBeLessThan((await page.locator('details.rule').first().boundingBox())!.y);
    expect(await page.locator('#run-summary').innerText()).toBe(pasteSummary(report));

    const visibleRules = () =>
      page.locator('details.rule:visible').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.rule));
    await page.locator('input[name=q]').fill('method the resource does not support');
    expect(await visibleRules()).toEqual(
      report.rules.filter((r) => /method the resource does not support/i.test(r.statement)).map((r) => r.id),
    );
    await page.locator('input[name=q]').fill('');
    await page.locator('select[name=tag]').selectOption('smoke');
    expect(await visibleRules()).toEqual(report.rules.filter((r) => r.tags.includes('smoke')).map((r) => r.id));
  });

  it('opens #rule-ID below the sticky filter bar, with its spec section and its JSON evidence indented and collapsible', async () => {
    const rule = report.rules.find(
      (r) =>
        r.status === 'pass' &&
        r.section !== report.rules[0]!.section &&
        r.evidence.some((e) => e.response?.body.startsWith('{')),
    )!;
    const page = await browser.newPage();
    await page.goto(`file://${join(run.reportsDir, 'index.html')}#rule-${rule.id}`);
    const details = page.locator(`#rule-${rule.id}`);
    expect(await details.getAttribute('open')).not.toBeNull();
    const bar = (await page.locator('#filters').boundingBox())!;
    const top = (await details.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(top).toBeLessThan(bar.y + bar.height + 40);

    // A rule the filters hide still opens from a link to it.
    await page
      .locator('select[name=tag]')
      .selectOption(report.rules.flatMap((r) => r.tags).find((t) => !rule.tags.includes(t))!);
    expect(await details.isVisible()).toBe(false);
    await page.evaluate(
      (id) => {
        location.hash = `#rule-${id}`;
      },
      report.rules.find((r) => r.id !== rule.id && r.section === rule.section)!.id,
    );
    await page.evaluate((id) => {
      location.hash = `#rule-${id}`;
    }, rule.id);
    await expect.poll(() => details.isVisible()).toBe(true);

    const spec = details.locator('details.spec');
    expect(await spec.locator('summary').innerText()).toMatch(
      new RegExp(`^spec §${rule.section.replace('.', '\\.')} `),
    );
    await spec.locator('summary').click();
    expect(await spec.locator('pre.spec-text').innerText()).toBe(sectionText(rule.section));
    expect(await details.locator('a[href^="spec/"]').count()).toBe(0);

    const exchange = details.locator('details.exchange').first();
    const body = JSON.parse(rule.evidence[0]!.response!.body) as unknown;
    expect(await exchange.locator('pre.evidence').innerText()).toContain(
      JSON.stringify(body, null, 2)
        .split('\n')
        .map((l) => `< ${l}`)
        .join('\n'),
    );
    await exchange.locator('summary').click();
    expect(await exchange.locator('pre.evidence').isVisible()).toBe(false);
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
    await page.locator('#rule-METH-405 > summary').click();
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect(await page.locator('h1').innerText()).toBe(`Conformance report: ${hostile}`);
    expect(await page.locator('#rule-METH-405 p.reason').innerText()).toBe(`fail: ${hostile}`);
    expect(await page.locator('#rule-METH-405 pre.evidence').first().innerText()).toContain(`< ${hostile}`);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1); // the report's own
    expect(outside).toEqual([]);
  });
});
