// The data of what each rule's checks need of the profile (src/catalogue/profile-needs.json), kept honest: its rules
// and facts exist, each fact a skipFor reached from a rule's checks is listed for that rule, and the conditions
// read the profile as the suites do.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRule } from '../../src/catalogue/catalogue.ts';
import { checkProfile } from '../../src/profile/load.ts';
import { conditions, needs, planRule, unmet } from '../../src/runner/profile-needs.ts';
import { isProfileFact } from '../../src/target/profile-facts.ts';
import { scanNotApplicable, scanSkips } from './skip-scan.ts';

type Json = Record<string, any>;
const reference = JSON.parse(readFileSync('config/reference.json', 'utf8')) as Json;
const profile = (change: (p: Json) => void = () => {}) => {
  const p = structuredClone(reference);
  change(p);
  return checkProfile(p, 'test profile');
};

describe('what the rules need of the profile', () => {
  it('names catalogue rules, profile facts and known conditions only', () => {
    for (const [id, list] of Object.entries(needs)) {
      expect(findRule(id), id).toBeDefined();
      for (const n of list) {
        expect(isProfileFact(n.fact), `${id}: ${n.fact}`).toBe(true);
        expect(conditions, `${id}: ${n.when}`).toContain(n.when);
        expect(['all', 'some'], id).toContain(n.checks);
        if (n.jointly) expect(n.checks, `${id}: ${n.fact} is joint`).toBe('some');
      }
    }
  });

  it('lists, for each rule, every fact a skipFor reached from its checks names', () => {
    // Calls made only where the profile allows creating projects: the callee's skips cannot fire there.
    const scanned = scanSkips('.', [
      'ownProjects>createProject',
      'projectWithoutContent>createProject',
      'fill>createProject',
    ]);
    expect(scanned.size).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const [id, facts] of scanned) {
      const listed = (needs[id] ?? []).map((n) => n.fact);
      for (const f of facts) {
        const found = f.endsWith('.*') ? listed.some((l) => l.startsWith(f.slice(0, -1))) : listed.includes(f);
        if (!found) missing.push(`${id}: ${f}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('marks not applicable exactly the needs whose fact a notApplicableFor names', () => {
    const named = scanNotApplicable('.');
    expect(named.size).toBeGreaterThan(3);
    const isNamed = (fact: string) =>
      named.has(fact) || [...named].some((f) => f.endsWith('.*') && fact.startsWith(f.slice(0, -1)));
    const wrong = Object.entries(needs).flatMap(([id, list]) =>
      list.filter((n) => (n.outcome === 'not-applicable') !== isNamed(n.fact)).map((n) => `${id}: ${n.fact}`),
    );
    expect(wrong).toEqual([]);
  });

  it('plans a rule whose subject the profile says the target lacks as not applicable, not skipped', () => {
    const noDeleted = profile((p) => (p.versions.deleted = []));
    expect(planRule('VER-DELETED-REFUSED', noDeleted)).toMatchObject({
      status: 'not-applicable',
      skipped: [{ fact: 'versions.deleted' }],
    });
    const oneVersion = profile((p) => (p.versions.resources = { '/groups': ['2023-02-01'] }));
    expect(planRule('VER-INDEPENDENT', oneVersion).status).toBe('not-applicable');
    expect(planRule('VER-DELETED-REFUSED', profile()).status).toBe('run');
    const noOutsider = profile((p) => delete p.credentials.outsider);
    expect(Object.keys(needs).filter((id) => planRule(id, noOutsider).status === 'not-applicable')).toEqual([]);
  });

  it('skips a rule whose joint needs, each of some checks, are all unmet, and only then', () => {
    const ownerOnly = profile((p) => {
      const { outsideAddress: _, ...owner } = p.credentials.owner;
      p.credentials = { owner };
    });
    for (const id of ['DOC-403', 'AUTH-FORBIDDEN-403'])
      expect(planRule(id, ownerOnly), id).toMatchObject({
        status: 'skipped',
        skipped: expect.arrayContaining([expect.objectContaining({ fact: 'credentials.outsider' })]),
      });
    expect(planRule('DOC-403', ownerOnly).partly.filter((n) => n.jointly)).toEqual([]);
    const noOutsider = profile((p) => delete p.credentials.outsider);
    expect(planRule('AUTH-FORBIDDEN-403', noOutsider)).toMatchObject({
      status: 'run',
      skipped: [],
      partly: [expect.objectContaining({ fact: 'credentials.outsider' })],
    });
  });

  it('plans the plain-HTTP rule run on a plain base URL, and skipped only without any plain-HTTP address', () => {
    const noPlain = profile((p) => delete p.plainHttpUrl);
    expect(planRule('SVC-HTTPS-ONLY', noPlain)).toMatchObject({
      status: 'skipped',
      skipped: [{ fact: 'plainHttpUrl' }],
      partly: [],
    });
    const plainBase = profile((p) => {
      p.baseUrl = p.plainHttpUrl;
      delete p.plainHttpUrl;
    });
    expect(planRule('SVC-HTTPS-ONLY', plainBase)).toMatchObject({
      status: 'run',
      partly: [{ fact: 'plainHttpUrl' }],
    });
  });

  it('plans the deprecated versions not applicable only when no resource has one that is not deleted', () => {
    const noneListed = profile((p) => (p.versions.deprecated = []));
    expect(planRule('VER-DEPRECATED-USABLE', noneListed).status).toBe('run');
    const oneEach = profile((p) => {
      p.versions.deprecated = ['2022-01-01'];
      p.versions.resources = { '/groups': ['2023-02-01'], '/eventTypes': ['2023-02-01'] };
    });
    expect(planRule('VER-DEPRECATED-USABLE', oneEach)).toMatchObject({
      status: 'not-applicable',
      skipped: [{ fact: 'versions.deprecated' }],
    });
    expect(
      planRule(
        'VER-DEPRECATED-USABLE',
        profile((p) => (p.versions.resources = { '/groups': ['2023-02-01'] })),
      ).status,
    ).toBe('run');
  });

  it('plans the per-project limit run where an empty or created project is the other one to send to', () => {
    const oneProject = (change: (p: Json) => void) =>
      planRule(
        'LIMITS-PER-PROJECT',
        profile((p) => {
          p.projects.ids = p.projects.ids.slice(0, 1);
          change(p);
        }),
      ).status;
    expect(oneProject(() => {})).toBe('run');
    expect(oneProject((p) => (p.projects.allowCreate = false))).toBe('run');
    expect(
      oneProject((p) => {
        p.projects.allowCreate = false;
        delete p.projects.emptyProjectId;
      }),
    ).toBe('skipped');
  });

  it('skips nothing under the reference profile, which has every role and switch on', () => {
    const skipped = Object.keys(needs).filter((id) => planRule(id, profile()).status === 'skipped');
    expect(skipped).toEqual([]);
  });

  it('gives a skip on what the target holds a reason about the target, never about what the profile allows', () => {
    // Such a skip happens whatever the profile allows: "does not allow creating one" misleads under allowBillable.
    const blaming = Object.entries(needs).flatMap(([id, list]) =>
      list
        .filter((n) => n.when === 'target-data' && /profile (does not|may not)/.test(n.reason))
        .map((n) => `${id}: ${n.reason}`),
    );
    expect(blaming).toEqual([]);
  });

  it('names a field for every skip, not a group of fields', () => {
    const schema = JSON.parse(readFileSync('schemas/profile.schema.json', 'utf8'));
    // A group: a field of the schema that holds named fields of its own (credentials holds roles, <role> fields).
    const groups = Object.entries(schema.properties as Record<string, { properties?: object }>)
      .filter(([name, p]) => p.properties && name !== 'credentials')
      .map(([name]) => name);
    const vague = Object.entries(needs).flatMap(([id, list]) =>
      list.filter((n) => n.fact === 'credentials' || groups.includes(n.fact)).map((n) => `${id}: ${n.fact}`),
    );
    expect(vague).toEqual([]);
  });

  it('names orgId, not projects.allowCreate, where projects may be created but the organization is missing', () => {
    const withoutOrg = profile((p) => delete p.orgId);
    expect(planRule('EAR-AZURE-GERMANY-REMOVED', withoutOrg).skipped.map((n) => n.fact)).toEqual(['orgId']);
    const noCreate = profile((p) => (p.projects.allowCreate = false));
    expect(planRule('EAR-AZURE-GERMANY-REMOVED', noCreate).skipped.map((n) => n.fact)).toEqual([
      'projects.allowCreate',
    ]);
    const noOutside = profile((p) => {
      for (const c of Object.values(p.credentials) as Json[]) delete c.outsideAddress;
    });
    expect(planRule('SVC-ACCESS-LIST', noOutside).skipped.map((n) => n.fact)).toEqual([
      'credentials.<role>.outsideAddress',
    ]);
  });

  it('reads each condition from the profile', () => {
    const need = (fact: string, when: (typeof conditions)[number]) => ({
      fact,
      when,
      checks: 'all' as const,
      reason: '',
    });
    expect(
      unmet(
        need('credentials.outsider', 'absent'),
        profile((p) => delete p.credentials.outsider),
      ),
    ).toBe(true);
    expect(unmet(need('credentials.outsider', 'absent'), profile())).toBe(false);
    const otherAccept = need('versions.otherAccept', 'served');
    expect(
      unmet(
        otherAccept,
        profile((p) => (p.versions.otherAccept = 'served')),
      ),
    ).toBe(true);
    expect(unmet(otherAccept, profile())).toBe(false);
    expect(
      unmet(
        need('plainHttpUrl', 'absent'),
        profile((p) => delete p.plainHttpUrl),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('endpoints.customDbRoles', 'absent'),
        profile((p) => (p.endpoints = { customDbRoles: '' })),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('allowBillable', 'false'),
        profile((p) => (p.allowBillable = false)),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('projects.ids', 'fewer-than-two'),
        profile((p) => p.projects.ids.pop()),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('credentials.<role>', 'fewer-than-two'),
        profile((p) => (p.credentials = { owner: p.credentials.owner, outsider: p.credentials.outsider })),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('baseUrl', 'not-https'),
        profile((p) => (p.baseUrl = 'http://127.0.0.1:1')),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('projects.allowCreate', 'no-creation'),
        profile((p) => delete p.orgId),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('projects.emptyProjectId', 'no-empty-project'),
        profile((p) => delete p.projects.emptyProjectId),
      ),
    ).toBe(false);
    expect(
      unmet(
        need('projects.emptyProjectId', 'no-empty-project'),
        profile((p) => {
          delete p.projects.emptyProjectId;
          p.projects.allowCreate = false;
        }),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('credentials.<role>.localAddress', 'no-cross-address'),
        profile((p) => {
          delete p.credentials.owner2.localAddress;
          delete p.credentials.readOnly.localAddress;
        }),
      ),
    ).toBe(true);
    expect(unmet(need('credentials.<role>.localAddress', 'no-cross-address'), profile())).toBe(false);
    expect(
      unmet(
        need('alertConfigs.variants', 'no-metric-variant'),
        profile((p) => (p.alertConfigs.variants = p.alertConfigs.variants.slice(0, 1))),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('versions.resources', 'one-current-version'),
        profile((p) => (p.versions.resources = { '/groups': ['2023-02-01'] })),
      ),
    ).toBe(true);
    expect(
      unmet(
        need('endpoints.documented', 'omits-documented'),
        profile((p) => (p.endpoints = { documented: ['GET /groups'] })),
      ),
    ).toBe(true);
    expect(unmet(need('endpoints.documented', 'omits-documented'), profile())).toBe(false);
    expect(
      unmet(
        need('projects.ids', 'target-data'),
        profile((p) => (p.projects.ids = [])),
      ),
    ).toBe(false);
  });
});
