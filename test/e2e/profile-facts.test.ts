// A profile's mistake is never the target's failure: against the reference target, a project that does not exist, a
// read-only key granted two of three projects, an access-list endpoint the target does not serve and a misspelt
// credential role each stop the run with exit 2 naming the profile field, before any rule runs; an endpoint that stops
// being served mid-run makes its rules errors naming the field, never failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy } from '../hostile/fault-proxy.ts';
import { referenceProfile, startLiveReference, type LiveReference } from '../safety/live-target.ts';
import { runCli, statusOf, type CliRun } from './cli.ts';

const [a, b] = referenceProfile.projects.ids as [string, string];
/** The reference seed's project without clusters, on which the read-only key has no grant. */
const empty = '6500000000000000000e0001';

let reference: LiveReference;

beforeAll(async () => {
  reference = await startLiveReference();
});

afterAll(async () => {
  await reference?.close();
});

const run = (fields: Record<string, unknown>, rule = 'LIST-SHAPE') =>
  runCli(['run', '--profile', reference.profile({ fields }), '--rule', rule, '--quiet'], reference.env);

/** The run stopped before any rule, with exit code 2 and one line naming the profile field. */
function stoppedNaming(cli: CliRun, line: RegExp): void {
  expect(cli.code, cli.stderr).toBe(2);
  expect(cli.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
  expect(cli.report).toBeUndefined();
}

describe('profile facts checked before any rule', () => {
  it('names projects.ids for a project id that does not exist', async () => {
    const projects = { ids: [a, 'f0f0f0f0f0f0f0f0f0f0f0f0'], emptyProjectId: empty, allowCreate: true };
    stoppedNaming(
      await run({ projects }),
      /^conformance: bad profile: projects\.ids: project f0f0f0f0f0f0f0f0f0f0f0f0 does not exist \(GET \/groups\/f0f0f0f0f0f0f0f0f0f0f0f0 answered 404\)$/,
    );
  });

  it('names the read-only credential granted two of the three projects the profile names', async () => {
    stoppedNaming(
      await run({ projects: { ids: [a, b, empty], allowCreate: true } }, 'AUTH-MULTI-PROJECT'),
      /^conformance: bad profile: credentials\.readOnly: the readOnly credential reaches 2 of the profile's 3 projects, not 6500000000000000000e0001 \(403\): /,
    );
  });

  it('names endpoints.accessList when the target does not serve its path', async () => {
    stoppedNaming(
      await run({ endpoints: { accessList: '/groups/{groupId}/ipAccessList' } }, 'ENT-DATES-INPUT-ISO'),
      /^conformance: bad profile: endpoints\.accessList: GET \/groups\/6500000000000000000a0001\/ipAccessList answered 404, /,
    );
  });

  it('offers the role a misspelt credential role stands for', async () => {
    const { readOnly, ...others } = referenceProfile.credentials;
    stoppedNaming(
      await run({ credentials: { ...others, readonly: readOnly } }),
      /^conformance: bad profile: .*: credentials\.readonly: unknown field \(did you mean readOnly\?\)$/,
    );
  });

  it('lets the rightly described reference target run, its credentials granted every project', async () => {
    const cli = await run({}, 'AUTH-MULTI-PROJECT');
    expect(cli.code, cli.stderr).toBe(0);
    expect(statusOf(cli.report!, 'AUTH-MULTI-PROJECT')).toBe('pass');
  });

  it('makes the rules an error naming endpoints.accessList when its entries answer 404 mid-run', async () => {
    // The preflight reads the access list and finds it; the entries the rules post then answer 404.
    const proxy = await startFaultProxy({ url: reference.target.url, caPem: reference.target.caPem }, (req) =>
      req.method === 'POST' && /\/accessList(\?|$)/.test(req.path) ? { kind: 'status', status: 404 } : undefined,
    );
    try {
      const profile = reference.profile({ baseUrl: proxy.url, caPem: proxy.caPem });
      const rules = ['ENT-DATES-INPUT-ISO', 'ENT-DATES-DEFAULT-UTC'];
      const cli = await runCli(
        ['run', '--profile', profile, '--quiet', ...rules.flatMap((r) => ['--rule', r])],
        reference.env,
      );
      for (const id of rules) {
        const bodyChecks = cli
          .report!.rules.find((r) => r.id === id)!
          .checks.filter((c) => / body \(an access-list entry/.test(c.name));
        expect(
          bodyChecks.map((c) => [c.status, c.fact, c.cause]),
          cli.stderr,
        ).toEqual([['error', 'endpoints.accessList', 'profile']]);
        expect(statusOf(cli.report!, id)).toBe('error');
      }
    } finally {
      await proxy.close();
    }
  });
});

describe("an Accept not of the spec's versioned form, a profile fact", () => {
  const served = { versions: { ...(referenceProfile.versions as object), otherAccept: 'served' } };
  const judge = async (mutant: string, fields: Record<string, unknown>) => {
    const live = await startLiveReference({ mutants: [mutant] });
    try {
      const cli = await runCli(
        ['run', '--profile', live.profile({ fields }), '--rule', 'VER-UNKNOWN-REFUSED', '--quiet'],
        live.env,
      );
      const checks = cli.report!.rules.find((r) => r.id === 'VER-UNKNOWN-REFUSED')!.checks;
      return { status: statusOf(cli.report!, 'VER-UNKNOWN-REFUSED'), checks };
    } finally {
      await live.close();
    }
  };

  it('leaves a target that serves requests without a version unjudged on them, when its profile says so', async () => {
    const { status, checks } = await judge('VER-UNKNOWN-REFUSED:unversioned', served);
    expect(status).toBe('pass');
    expect(checks.filter((c) => c.status === 'skipped').map((c) => c.fact)).toEqual(
      Array(7).fill('versions.otherAccept'),
    );
    expect((await judge('VER-UNKNOWN-REFUSED:unversioned', {})).status).toBe('fail');
  });

  it('judges an unknown version date whatever the profile says of other Accepts', async () => {
    const { status, checks } = await judge('VER-UNKNOWN-REFUSED', served);
    expect(status).toBe('fail');
    expect(checks.find((c) => /unknown version date/.test(c.name))?.status).toBe('fail');
  });
});
