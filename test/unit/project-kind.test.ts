// Projects as a kind of the sequences: made in the profile's organization, and skipped, naming the profile fact,
// where the profile may not create projects.
import { describe, expect, it } from 'vitest';
import { RuleSkipped } from '../../src/outcome.ts';
import { projectKind, projectOrg } from '../../src/probes/project-kind.ts';
import type { Target } from '../../src/target/target.ts';

const org = '650000000000000000000001';
const targetWith = (allowCreate: boolean, orgId?: string) =>
  ({ profile: { orgId, projects: { ids: ['p'], allowCreate, namePrefix: 'c-' } } }) as unknown as Target;

const skipOf = (fn: () => unknown): RuleSkipped | undefined => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleSkipped) return e;
    throw e;
  }
  return undefined;
};

describe('the project kind of the sequences', () => {
  it('creates in /groups a project of the name given, in the profile organization', () => {
    const t = targetWith(true, org);
    expect(projectOrg(t)).toBe(org);
    expect(projectKind.collection(t, org)).toBe('/groups');
    expect(projectKind.body(t, 'c-run-q1')).toEqual({ name: 'c-run-q1', orgId: org });
  });

  it('skips on projects.allowCreate where the profile may not create projects or names no organization', () => {
    for (const t of [targetWith(false, org), targetWith(true)]) {
      expect(skipOf(() => projectOrg(t))?.fact).toBe('projects.allowCreate');
      expect(skipOf(() => projectKind.body(t, 'c-run-q1'))?.fact).toBe('projects.allowCreate');
    }
  });
});
