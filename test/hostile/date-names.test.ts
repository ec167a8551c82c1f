// A target that names the bounds of its events' window of dates (a project's and the organization's) otherwise than the
// real service (`since` and `until` for minDate and maxDate) and says so in its OpenAPI document: the date rules send
// the names the document gives, and the target, which ignores parameters it does not know, is judged on its own. The
// target is the reference target behind a proxy that reads `since` and `until` as its minDate and maxDate, and drops
// those two: sent the real service's names, it would ignore a wrong date and fail the rules for what it never read. And
// a list the document dates beyond the events and measurements is reached too, at each of its first few places: a
// target that ignores a wrong date at one of them fails, and one that keeps refusing a window of valid dates there with
// 429 leaves the rule unjudged, not passed. The organization's events, which the owner need not reach (a key of the
// profile's projects alone), are left out when they refuse a window of valid dates.
import { afterAll, expect, it } from 'vitest';
import { openApiDocument } from '../../reference/openapi.ts';
import { allRoutes } from '../../reference/routes/index.ts';
import { statusOf } from '../e2e/cli.ts';
import { referenceProfile } from '../safety/live-target.ts';
import { bounds, closeHostileRuns, runAgainst } from './hostile-run.ts';
import type { Scenario } from './fault-proxy.ts';

const documentPath = '/api/platform/openapi.json';
const rules = ['ENT-DATES-INPUT-ISO', 'ENT-DATES-DEFAULT-UTC'];

/** The events' query as the target reads it: its since and until are the reference target's minDate and maxDate. */
function ownNames(path: string): string {
  const url = new URL(path, 'https://target.test');
  const q = url.searchParams;
  const [since, until] = [q.get('since'), q.get('until')];
  for (const name of ['minDate', 'maxDate', 'since', 'until']) q.delete(name);
  if (since !== null) q.set('minDate', since);
  if (until !== null) q.set('maxDate', until);
  return `${url.pathname}?${q}`;
}

afterAll(closeHostileRuns);

it('sends the date parameters the target’s document names, and judges the target by them', async () => {
  // The reference target's document, with the target's own names for the events' window.
  const renamed = JSON.stringify(openApiDocument(allRoutes, 'platform'))
    .replaceAll('"name":"minDate"', '"name":"since"')
    .replaceAll('"name":"maxDate"', '"name":"until"');
  expect(renamed).toContain('"name":"since"');
  const scenario: Scenario = (req) => {
    const path = req.path.split('?')[0]!;
    if (req.method === 'GET' && path === documentPath) return { kind: 'replace-body', text: renamed };
    if (/\/(groups|orgs)\/[^/]+\/events$/.test(path)) return { kind: 'request-path', path: ownNames(req.path) };
    return undefined;
  };
  // A bearer token, which a changed request line leaves valid (a digest signs the path and query it was sent to).
  const owner = referenceProfile.credentials.serviceAccount;
  const run = await runAgainst(scenario, rules, (live, proxy) =>
    live.profile({ baseUrl: proxy.url, caPem: proxy.caPem, fields: { ...bounds, credentials: { owner } } }),
  );
  for (const id of rules) expect(statusOf(run.report!, id), `${id}\n${run.cli.stderr}`).toBe('pass');
  const sent = run.proxy.log.filter((e) => /\/events\?/.test(e.path)).map((e) => e.path);
  expect(sent.some((p) => /[?&]since=/.test(p))).toBe(true);
  expect(sent.some((p) => /[?&]minDate=/.test(p))).toBe(false);
});

/** The reference target's document, its alerts taking a window of dates the reference target does not read. */
function alertsDated(): string {
  const document = openApiDocument(allRoutes, 'platform') as {
    paths: Record<string, { get: { parameters: object[] } }>;
  };
  const dated = (name: string) => ({
    name,
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date-time' },
  });
  document.paths['/api/platform/v2/groups/{groupId}/alerts']!.get.parameters.push(dated('since'), dated('until'));
  return JSON.stringify(document);
}

/** Whether a query value is a date as the valid windows send it: yyyy-mm-ddThh:mm:ss(.sss)Z, a real instant. */
const isIsoInstant = (v: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v) && !Number.isNaN(Date.parse(v));

it('sends wrong dates to every other list the target’s document dates, at each place, and fails one that ignores them', async () => {
  const text = alertsDated();
  const [first] = referenceProfile.projects.ids;
  const scenario: Scenario = (req) => {
    const [path, query = ''] = req.path.split('?');
    if (req.method === 'GET' && path === documentPath) return { kind: 'replace-body', text };
    // The first project's alerts refuse a wrong date; those of the other projects ignore it.
    const dates = ['since', 'until'].flatMap((n) => new URLSearchParams(query).getAll(n));
    if (path!.endsWith(`/groups/${first}/alerts`) && dates.some((d) => !isIsoInstant(d)))
      return { kind: 'status', status: 400 };
    return undefined;
  };
  const run = await runAgainst(scenario, ['ENT-DATES-INPUT-ISO'], (live, proxy) =>
    live.profile({ baseUrl: proxy.url, caPem: proxy.caPem, fields: bounds }),
  );
  const rule = run.report!.rules.find((r) => r.id === 'ENT-DATES-INPUT-ISO')!;
  expect(rule.status, run.cli.stderr).toBe('fail');
  expect(rule.reason).toMatch(
    /^\/groups\/\{groupId\}\/alerts \(\/v2\): (since|until)=.* is refused: expected 400, got 200/,
  );
  const dated = run.proxy.log.filter((e) => /\/alerts\?.*since=/.test(e.path)).map((e) => e.path.split('/')[5]);
  expect(new Set(dated).size).toBeGreaterThan(1);
});

it('errs, naming the place, where a list the document dates fails a window of valid dates', async () => {
  const text = alertsDated();
  const scenario: Scenario = (req) => {
    const [path, query = ''] = req.path.split('?');
    if (req.method === 'GET' && path === documentPath) return { kind: 'replace-body', text };
    // The alerts refuse every window of dates with 429, also when the client sends it again in its next turn.
    if (/\/alerts$/.test(path!) && /since=/.test(query)) return { kind: 'status', status: 429 };
    return undefined;
  };
  const run = await runAgainst(scenario, rules, (live, proxy) =>
    live.profile({ baseUrl: proxy.url, caPem: proxy.caPem, fields: bounds }),
  );
  const rule = run.report!.rules.find((r) => r.id === 'ENT-DATES-INPUT-ISO')!;
  expect(rule.status, run.cli.stderr).toBe('error');
  expect(rule.reason).toMatch(/GET \S+\/alerts\?\S* → 429 while reading a window of valid dates/);
  // The series rule judges the measurements alone: the alerts' failure is not its to report.
  expect(statusOf(run.report!, 'ENT-DATES-DEFAULT-UTC'), run.cli.stderr).toBe('pass');
});

it("leaves out the organization's events where the owner, a key of the projects alone, cannot read them", async () => {
  const orgEvents = /\/orgs\/[^/]+\/events$/;
  const scenario: Scenario = (req) =>
    orgEvents.test(req.path.split('?')[0]!) ? { kind: 'status', status: 401 } : undefined;
  const run = await runAgainst(scenario, rules, (live, proxy) =>
    live.profile({ baseUrl: proxy.url, caPem: proxy.caPem, fields: bounds }),
  );
  for (const id of rules) expect(statusOf(run.report!, id), `${id}\n${run.cli.stderr}`).toBe('pass');
  // One window of valid dates asked, refused, and nothing more sent there.
  expect(run.proxy.log.filter((e) => orgEvents.test(e.path.split('?')[0]!))).toHaveLength(1);
  const events = run
    .report!.rules.find((r) => r.id === 'ENT-DATES-DEFAULT-UTC')!
    .checks.find((c) => c.name.startsWith('events between two dates'))!;
  expect(events.coverage).toMatch(/date windows on \d+ paths/);
  // Windows around the events of both profile projects, none around the organization's.
  const windows = run.proxy.log.flatMap((e) => /\/groups\/([^/]+)\/events\?.*minDate=/.exec(e.path)?.[1] ?? []);
  expect(new Set(windows)).toEqual(new Set(referenceProfile.projects.ids));
});

it('leaves unjudged, and sends no more to, an alert that closes while its acknowledgement is sent wrong dates', async () => {
  const alert = /\/groups\/[^/]+\/alerts\/[^/]+$/;
  let closed = false;
  // The first PATCH of the alert finds it closed meanwhile (a live alert closes when its condition ends): refused
  // with 409, which says nothing of the date sent, and read back CLOSED from then on.
  const scenario: Scenario = (req) => {
    const path = req.path.split('?')[0]!;
    if (!alert.test(path)) return undefined;
    if (req.method === 'PATCH') {
      closed = true;
      return { kind: 'status', status: 409 };
    }
    if (!closed) return undefined;
    return { kind: 'rewrite', rewrite: (status, text) => (status === 200 ? closedAlert(text) : undefined) };
  };
  const run = await runAgainst(scenario, ['ENT-DATES-INPUT-ISO'], (live, proxy) =>
    live.profile({ baseUrl: proxy.url, caPem: proxy.caPem, fields: bounds }),
  );
  const rule = run.report!.rules.find((r) => r.id === 'ENT-DATES-INPUT-ISO')!;
  expect(rule.status, `${rule.reason}\n${run.cli.stderr}`).toBe('pass');
  const body = rule.checks.find((c) => c.name.includes('POST or PATCH body'))!;
  // The access list's POSTs are judged; the alert's sends are listed as left, every wrong form one.
  expect(body.coverage).toMatch(
    /^10 dates sent on 10 paths, .*, 10 dates sent not judged \(alert acknowledgement: the alert was CLOSED when read back\)$/,
  );
  expect(run.proxy.log.filter((e) => e.method === 'PATCH')).toHaveLength(1);
});

/** An alert's body as the target shows it once the alert closed. */
function closedAlert(text: string): string {
  const alert = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify({ ...alert, status: 'CLOSED' });
}

it('sends under /v2 the dates a target that serves /v1.0 nowhere does not take there, and judges them there', async () => {
  // A target its own document describes may serve /v2 alone: every /v1.0 request is not found.
  const legacy = /^\/api\/platform\/v1\.0\//;
  const scenario: Scenario = (req) => (legacy.test(req.path) ? { kind: 'status', status: 404 } : undefined);
  const run = await runAgainst(scenario, rules, (live, proxy) =>
    live.profile({ baseUrl: proxy.url, caPem: proxy.caPem, fields: bounds }),
  );
  for (const id of rules) expect(statusOf(run.report!, id), `${id}\n${run.cli.stderr}`).toBe('pass');
  // Each case sent under /v1.0 went again under /v2, the bodies' and the windows' alike.
  const tried = run.proxy.log.filter((e) => legacy.test(e.path));
  expect(tried.map((e) => e.method)).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH']));
  for (const e of tried) {
    const again = e.path.replace('/v1.0/', '/v2/');
    expect(
      run.proxy.log.some((l) => l.method === e.method && l.path === again),
      again,
    ).toBe(true);
  }
});
