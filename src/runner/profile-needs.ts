// What each rule's checks need of the profile (src/catalogue/profile-needs.json): the profile facts a check skips
// on (skipFor) and the condition under which it does, so that a plan can say before any request what will skip.
import { readFileSync } from 'node:fs';
import { currentVersionsDiffer, hasDeprecatedVersion } from '../profile/deprecated-versions.ts';
import type { Profile } from '../profile/profile.ts';

/** When a need is unmet; `target-data` also depends on what the target holds, so a plan can only say it may skip. */
export const conditions = [
  'absent',
  'false',
  'fewer-than-two',
  'one-project-to-send-to',
  'not-https',
  'no-plain-http',
  'no-creation',
  'no-empty-project',
  'no-creation-nor-billable',
  'no-outside-address',
  'no-local-and-outside-address',
  'no-cross-address',
  'no-metric-variant',
  'one-current-version',
  'no-deprecated-version',
  'omits-documented',
  'served',
  'target-data',
] as const;
export type Condition = (typeof conditions)[number];

export interface Need {
  /** The profile fact the check's skipFor names. */
  fact: string;
  when: Condition;
  /** all: every check of the rule skips, so the rule does; some: only some of its checks. */
  checks: 'all' | 'some';
  reason: string;
  /** Set where the fact says the target has no such thing (notApplicableFor): the check is not applicable. */
  outcome?: 'not-applicable';
  /** Set on needs of some checks that between them are every check's (each check skips on one of them): when all of
   * a rule's joint needs are unmet, every check skips, and so does the rule. */
  jointly?: true;
}

const schema = JSON.parse(readFileSync(new URL('../../schemas/profile.schema.json', import.meta.url), 'utf8'));
/** The endpoints of spec 4.3 (the schema's default of endpoints.documented: all of them). */
const documented: string[] = schema.properties.endpoints.properties.documented.default;

export const needs: Record<string, Need[]> = JSON.parse(
  readFileSync(new URL('../catalogue/profile-needs.json', import.meta.url), 'utf8'),
).rules;

/** The profile's value at a dotted path (`credentials.owner2`, `endpoints.slowQueryLogs`). */
function valueAt(profile: Profile, fact: string): unknown {
  return fact
    .split('.')
    .reduce<unknown>(
      (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      profile,
    );
}

const empty = (v: unknown): boolean => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const canCreate = (p: Profile): boolean => p.projects.allowCreate && p.orgId !== undefined;
const roles = (p: Profile) => Object.values(p.credentials);

/** Whether the need is unmet under `profile`: always false for `target-data`, which no profile alone decides. */
export function unmet(need: Need, profile: Profile): boolean {
  const v = valueAt(profile, need.fact);
  switch (need.when) {
    case 'absent':
      return empty(v);
    case 'false':
      return v === false;
    case 'fewer-than-two':
      return need.fact.startsWith('credentials')
        ? Object.keys(profile.credentials).filter((r) => r !== 'outsider').length < 2
        : !Array.isArray(v) || v.length < 2;
    case 'one-project-to-send-to': {
      const { ids, emptyProjectId } = profile.projects;
      return !canCreate(profile) && new Set(emptyProjectId ? [...ids, emptyProjectId] : ids).size < 2;
    }
    case 'not-https':
      return new URL(profile.baseUrl).protocol !== 'https:';
    case 'no-plain-http':
      return empty(v) && new URL(profile.baseUrl).protocol === 'https:';
    case 'no-creation':
      return !canCreate(profile);
    case 'no-creation-nor-billable':
      return !canCreate(profile) && !profile.allowBillable;
    case 'no-empty-project':
      return profile.projects.emptyProjectId === undefined && !canCreate(profile);
    case 'no-outside-address':
      return !roles(profile).some((c) => c.outsideAddress);
    case 'no-local-and-outside-address':
      return !roles(profile).some((c) => c.localAddress && c.outsideAddress);
    case 'no-cross-address':
      return !roles(profile).some(
        (c) => c.localAddress && roles(profile).some((o) => o !== c && o.outsideAddress === c.localAddress),
      );
    case 'no-metric-variant':
      return !profile.alertConfigs.variants.some((v) => 'metricThreshold' in v.body);
    case 'no-deprecated-version':
      return !hasDeprecatedVersion(profile.versions);
    case 'one-current-version':
      return !currentVersionsDiffer(profile.versions);
    case 'omits-documented':
      return documented.some((e) => !profile.endpoints.documented.includes(e));
    case 'served':
      return v === 'served';
    case 'target-data':
      return false;
  }
}

/** The profile fact to set for an unmet need: its own, but `orgId` for a create that `projects.allowCreate` allows. */
export function missingFact(need: Need, profile: Profile): string {
  const creates = need.when === 'no-creation' || need.when === 'no-creation-nor-billable';
  return creates && profile.projects.allowCreate && profile.orgId === undefined ? 'orgId' : need.fact;
}

export interface RulePlan {
  id: string;
  status: 'run' | 'skipped' | 'not-applicable';
  /** The unmet needs of every check (why the rule is skipped or not applicable), of some checks, and those the
   * target's data decides. */
  skipped: Need[];
  partly: Need[];
  mayskip: Need[];
}

/** What a run under `profile` will do with rule `id`: run it, skip it (a need of every check unmet, or all of its
 * joint needs), find it not applicable (every such need says the target has no such thing), or run it partly. */
export function planRule(id: string, profile: Profile): RulePlan {
  const mine = needs[id] ?? [];
  const unmetNeeds = mine
    .filter((n) => unmet(n, profile))
    .map((n) => ({ ...n, fact: missingFact(n, profile) }))
    // A need whose missing fact another names already adds nothing (orgId, for a create projects.allowCreate allows).
    .filter((n, i, all) => all.findIndex((o) => o.fact === n.fact && o.checks === n.checks) === i);
  const joint = mine.filter((n) => n.jointly);
  const everyCheck = (n: Need) => n.checks === 'all' || (n.jointly === true && joint.every((j) => unmet(j, profile)));
  const skipped = unmetNeeds.filter(everyCheck);
  return {
    id,
    status: !skipped.length
      ? 'run'
      : skipped.every((n) => n.outcome === 'not-applicable')
        ? 'not-applicable'
        : 'skipped',
    skipped,
    // A fact that skips every check is not also said to skip some.
    partly: unmetNeeds.filter((n) => !everyCheck(n) && !skipped.some((o) => o.fact === n.fact)),
    mayskip: mine.filter((n) => n.when === 'target-data'),
  };
}
