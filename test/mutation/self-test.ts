// The mutation self-test: the suite's power, proven. Against the reference target every rule with a check
// passes; with each mutant of the reference target switched on, the mutant's own rule fails and no unrelated
// rule fails (each mutant runs its rule's checks plus the smoke set, and for a rule one exchange can judge, the rules
// whose requests reach the defect: its `alongside`). The mutants are dealt round-robin to a few test files that vitest
// runs at once; each file's one vitest session serves all its runs.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutantCatalogue } from '../../reference/mutants.ts';
import { selectRules } from '../../src/catalogue/catalogue.ts';
import { startEmbedded } from '../../src/cli/embedded.ts';
import { loadProfile } from '../../src/profile/load.ts';
import { aggregate } from '../../src/report/aggregate.ts';
import type { RuleResult } from '../../src/report/report.ts';
import { SuiteSession } from '../../src/runner/suite-session.ts';
import { newRunSetup } from '../../src/target/run-setup.ts';
import { unpassed } from '../support/unpassed.ts';

/** The test files the mutants are dealt to (test/mutation/mutants-*.test.ts). */
export const shards = 3;

const profile = loadProfile('config/reference.json');
const smoke = selectRules([], ['smoke']);
let session: SuiteSession;

/** Opens the file's one session before its tests, and closes it after them. */
function withSession(): void {
  beforeAll(async () => {
    session = await SuiteSession.open({ concurrency: profile.concurrency, checkTimeoutMs: profile.timeouts.ruleMs });
  });
  afterAll(async () => {
    await session?.close();
  });
}

/** Runs the selected rules (all when undefined) against a fresh reference target with the given mutants, both under
 * the profile `p`. */
async function runAgainstReference(mutants: string[], selected?: Set<string>, p = profile): Promise<RuleResult[]> {
  const reference = await startEmbedded(p, mutants);
  try {
    // As the CLI does: the embedded target's plain-HTTP port replaces the profile's placeholder.
    const plain = reference.plainUrl ? { plainHttpUrl: reference.plainUrl } : {};
    const setup = newRunSetup({ ...p, baseUrl: reference.baseUrl, ...plain }, reference.caPem, 1, 25, 'covering');
    try {
      const run = await session.run(setup, selected);
      expect(run.runErrors).toEqual([]);
      return aggregate(run.checks, selected);
    } finally {
      rmSync(setup.journalFile, { force: true }); // the target goes away with what was created in it
    }
  } finally {
    await reference.close();
  }
}

/** A rule left unjudged by a mutant of another rule: every check of it that erred found nothing it could judge. */
const unjudgedCauses = new Set(['nothing-judged', 'wrong-type', 'invalid-json']);
const unjudged = (r: RuleResult) =>
  r.checks.filter((c) => c.status === 'error').every((c) => unjudgedCauses.has(c.cause ?? ''));
/** A rule whose erring checks drew a 429 the run did not expect: under a mutant of the rate limit, that is its defect
 * reaching other rules' requests, and they rightly say the target refused them. */
const rateLimitRules = selectRules([], ['rate-limit']);
const refusedByLimit = (r: RuleResult) =>
  r.checks
    .filter((c) => c.status === 'error')
    .every((c) => c.cause === 'unexpected-status' && /(→|answered) 429\b/.test(c.reason ?? ''));

/** The profile of a mutant's run. The reference profile's limit (100 requests per 2 s window) paces the suite: a run of
 * some hundreds of requests to a project spends most of its time waiting for windows to turn. Where no rule of the
 * run is about the rate limit, the reference target and the run take a limit the run never reaches; the rate-limit
 * rules run under the profile's own. */
const profileFor = (selected: Set<string>) =>
  [...selected].some((id) => rateLimitRules.has(id))
    ? profile
    : { ...profile, rateLimit: { ...profile.rateLimit, limit: 100_000 } };

/** The reference target passes every rule with a check, and each such rule has a mutant. */
export function referencePasses(): void {
  withSession();
  describe('mutation self-test: the reference target', () => {
    let checked: RuleResult[] = [];

    it('passes every rule that has a check against the reference target', async () => {
      const results = await runAgainstReference([]);
      checked = results.filter((r) => r.checks.length > 0);
      expect(checked.length).toBeGreaterThan(0);
      expect(unpassed(checked)).toEqual([]);
    });

    it('deals every mutant to a test file: one file per share, each running its own', () => {
      const files = readdirSync('test/mutation').filter((f) => /^mutants-\d+\.test\.ts$/.test(f));
      expect(files.sort()).toEqual(Array.from({ length: shards }, (_, i) => `mutants-${i + 1}.test.ts`));
      for (const [i, f] of files.entries())
        expect(readFileSync(`test/mutation/${f}`, 'utf8'), f).toContain(`mutantsFail(${i})`);
    });

    it('has a mutant for every rule with a check, and a check for every mutant', () => {
      const withChecks = new Set(checked.map((r) => r.id));
      const mutated = new Set(mutantCatalogue.map((m) => m.rule));
      expect(
        [...withChecks].filter((id) => !mutated.has(id)),
        'rules without a mutant',
      ).toEqual([]);
      expect(
        [...mutated].filter((id) => !withChecks.has(id)),
        'mutants of rules without a check',
      ).toEqual([]);
    });
  });
}

/** Each mutant dealt to shard `shard` (0-based) fails its own rule and no other. */
export function mutantsFail(shard: number): void {
  withSession();
  describe(`mutation self-test: mutants, share ${shard + 1} of ${shards}`, () => {
    for (const m of mutantCatalogue.filter((_, i) => i % shards === shard)) {
      it(`${m.id} fails ${m.rule} and no other rule`, async () => {
        const selected = new Set([m.rule, ...smoke, ...(m.alongside ?? [])]);
        const results = await runAgainstReference([m.id], selected, profileFor(selected));
        const own = results.find((r) => r.id === m.rule)!;
        expect(own.status, `${m.id}: ${m.description}`).toBe('fail');
        // No other rule fails. One that depends on the broken behaviour to be judged at all (no 429 drawn, no challenge
        // offered, an entity that is not JSON where the crawl reads it) may be unjudged, and says so; under a broken rate
        // limit, one may be refused with 429; no other error.
        const excused = (r: RuleResult) => unjudged(r) || (rateLimitRules.has(m.rule) && refusedByLimit(r));
        const broken = results
          .filter((r) => r.status === 'fail' || (r.status === 'error' && !excused(r)))
          .map((r) => `${r.id}: ${r.reason}`);
        expect(broken).toEqual([`${m.rule}: ${own.reason}`]);
      });
    }
  });
}
