// conformance judge: recorded traffic judged by the exchange rules. A HAR the reference target records while the
// suites run against it gives the verdicts of the run's own exchange-rule checks; a mutant's traffic fails its rule.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRules } from '../../src/catalogue/catalogue.ts';
import { startEmbedded } from '../../src/cli/embedded.ts';
import { noAnswerJudged } from '../../src/cli/judge-command.ts';
import { exchangeCheckTitle, exchangeRuleIds } from '../../src/exchange-rules/registry.ts';
import { newRunSetup } from '../../src/target/run-setup.ts';
import { loadProfile } from '../../src/profile/load.ts';
import type { CheckResult } from '../../src/report/report.ts';
import { SuiteSession } from '../../src/runner/suite-session.ts';
import { runCli, statusOf } from './cli.ts';

type Har = { log: { entries: { response: { status: number } }[] } };

const profile = loadProfile('config/reference.json');
// The smoke set and two exchange rules whose checks read the crawl: errors, writes and entities in the traffic.
const selected = new Set([...selectRules([], ['smoke']), 'ENT-COMPACT-WHITESPACE', 'LINK-NOT-IN-HEADERS']);
let session: SuiteSession;

/** Runs the selected rules against a reference target with `mutants` that records to a HAR; its checks and file. */
async function recordedRun(mutants: string[]): Promise<{ checks: CheckResult[]; har: string }> {
  const har = join(mkdtempSync(join(tmpdir(), 'har-')), 'traffic.har');
  const reference = await startEmbedded(profile, mutants, har);
  const plain = reference.plainUrl ? { plainHttpUrl: reference.plainUrl } : {};
  const setup = newRunSetup({ ...profile, baseUrl: reference.baseUrl, ...plain }, reference.caPem, 1, 25, 'covering');
  try {
    const run = await session.run(setup, selected);
    expect(run.runErrors).toEqual([]);
    return { checks: run.checks, har };
  } finally {
    rmSync(setup.journalFile, { force: true });
    await reference.close();
  }
}

/** The status of each exchange-rule check of a run, by rule. */
function exchangeVerdicts(checks: readonly CheckResult[]): Record<string, string> {
  const ofExchanges = checks.filter((c) => exchangeRuleIds.includes(c.rule) && c.name === exchangeCheckTitle(c.rule));
  return Object.fromEntries(ofExchanges.map((c) => [c.rule, c.status]));
}

beforeAll(async () => {
  session = await SuiteSession.open({ concurrency: profile.concurrency, checkTimeoutMs: profile.timeouts.ruleMs });
});

afterAll(async () => {
  await session?.close();
});

describe('conformance judge FILE.har', () => {
  it('gives the recorded run’s verdicts for the exchange rules, and leaves the others untested', async () => {
    const { checks, har } = await recordedRun([]);
    const verdicts = exchangeVerdicts(checks);
    expect(Object.keys(verdicts).sort()).toEqual([
      'ENT-COMPACT-WHITESPACE',
      'ERR-BODY-FIELDS',
      'ERR-RESOURCE-NOT-FOUND',
      'LINK-NOT-IN-HEADERS',
    ]);
    const judged = await runCli(['judge', har]);
    expect(judged.stderr).toBe('');
    for (const [id, status] of Object.entries(verdicts)) expect(statusOf(judged.report!, id), id).toBe(status);
    expect(judged.report!.requests).toBe(0);
    const live = judged.report!.rules.find((r) => r.id === 'LIST-EMPTY-200')!;
    expect([live.status, live.reason]).toEqual(['untested', 'needs a live target']);
    // The smoke set draws no 429: the rule judging every 429 has nothing in this archive, and is not blamed for it.
    const statuses = (JSON.parse(readFileSync(har, 'utf8')) as Har).log.entries.map((e) => e.response.status);
    expect(statuses).not.toContain(429);
    const no429 = judged.report!.rules.find((r) => r.id === 'LIMITS-429-ERROR-BODY')!;
    expect([no429.status, no429.reason]).toEqual(['untested', noAnswerJudged]);
    expect(judged.code).toBe(0);
    // Each Digest handshake begins with a 401 to a request without credentials: judged in the archive, which records
    // the others' (redacted); an archive that drops every request's credentials, as browsers export them, cannot
    // show a request without any.
    expect(statusOf(judged.report!, 'AUTH-DIGEST-CHALLENGE')).toBe('pass');
    const archive = JSON.parse(readFileSync(har, 'utf8')) as {
      log: { entries: { request: { headers: { name: string }[] } }[] };
    };
    for (const e of archive.log.entries)
      e.request.headers = e.request.headers.filter((h) => h.name.toLowerCase() !== 'authorization');
    const stripped = join(mkdtempSync(join(tmpdir(), 'har-')), 'stripped.har');
    writeFileSync(stripped, JSON.stringify(archive));
    const blind = (await runCli(['judge', stripped])).report!.rules.find((r) => r.id === 'AUTH-DIGEST-CHALLENGE')!;
    expect([blind.status, blind.reason]).toEqual(['untested', noAnswerJudged]);
  });

  it('fails the rule a mutant breaks in the traffic it recorded', async () => {
    const { checks, har } = await recordedRun(['ERR-BODY-FIELDS:missing-context']);
    expect(exchangeVerdicts(checks)['ERR-BODY-FIELDS']).toBe('fail');
    const judged = await runCli(['judge', har]);
    expect(statusOf(judged.report!, 'ERR-BODY-FIELDS')).toBe('fail');
    expect(judged.report!.rules.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual(['ERR-BODY-FIELDS']);
    expect(judged.code).toBe(1);
  });

  it('refuses a file that is not an HTTP Archive, naming the field at fault', async () => {
    const judged = await runCli(['judge', 'config/reference.json']);
    expect(judged.code).toBe(2);
    expect(judged.stderr).toMatch(/bad archive: .*not an HTTP Archive \(HAR 1\.2\): log: required field is missing/);
  });
});
