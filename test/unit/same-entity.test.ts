// Two readings of one entity (spec 2.2: the self link returns the entity itself), compared as the spec allows.
import { describe, expect, it } from 'vitest';
import { sameEntity, shownBy } from '../../src/judges/same-entity.ts';

const base =
  'https://cloud.example.test/api/atlas/v2/groups/32b6e34b3d91647abb20e7b8/alertConfigs/57b76ddc96e8215c017ceafb';

/** An alert configuration as the real service answers one, with two matchers and two notifications. */
function alertConfig(matchers: unknown[], notifications: unknown[]) {
  return {
    created: '2025-05-02T10:15:00Z',
    enabled: true,
    eventTypeName: 'NO_PRIMARY',
    groupId: '32b6e34b3d91647abb20e7b8',
    id: '57b76ddc96e8215c017ceafb',
    links: [{ rel: 'self', href: base }],
    matchers,
    notifications,
    updated: '2025-05-02T10:15:00Z',
  };
}
const cluster = { fieldName: 'CLUSTER_NAME', operator: 'EQUALS', value: 'cluster-833' };
const host = { fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'atlas-' };
const group = {
  delayMin: 0,
  emailEnabled: true,
  intervalMin: 5,
  notifierId: '6a2f0c7d1e7b3a0011a1b2c3',
  smsEnabled: false,
  typeName: 'GROUP',
  roles: ['GROUP_OWNER', 'GROUP_CLUSTER_MANAGER'],
};
const email = { delayMin: 5, emailAddress: 'ops@example.test', intervalMin: 60, typeName: 'EMAIL' };

describe('same entity in two readings', () => {
  it('takes arrays in another order, at any depth, for the same entity', () => {
    const first = alertConfig([cluster, host], [group, email]);
    const second = alertConfig([host, cluster], [email, { ...group, roles: ['GROUP_CLUSTER_MANAGER', 'GROUP_OWNER'] }]);
    expect(sameEntity(first, second)).toBe(true);
  });

  it('still tells a changed, missing or repeated item', () => {
    const first = alertConfig([cluster, host], [group]);
    expect(sameEntity(first, alertConfig([cluster, { ...host, value: 'other-' }], [group]))).toBe(false);
    expect(sameEntity(first, alertConfig([cluster], [group]))).toBe(false);
    expect(sameEntity(first, alertConfig([cluster, cluster], [group]))).toBe(false);
    expect(sameEntity(alertConfig([cluster, cluster, host], []), alertConfig([cluster, host, host], []))).toBe(false);
  });

  it('lets a list item show fewer fields, its arrays in another order', () => {
    const whole = alertConfig([cluster, host], [group, email]);
    const item = { id: whole.id, matchers: [{ fieldName: 'HOSTNAME' }, { fieldName: 'CLUSTER_NAME' }] };
    expect(shownBy(item, whole)).toBe(true);
    expect(shownBy({ ...item, matchers: [{ fieldName: 'HOSTNAME' }, { fieldName: 'HOSTNAME' }] }, whole)).toBe(false);
  });

  it('finds a matching where a first greedy pick would block it', () => {
    // The loose item could take the first, but only the second is left for the precise one.
    const whole = {
      xs: [
        { a: 1, b: 1 },
        { a: 1, b: 2 },
      ],
    };
    expect(shownBy({ xs: [{ a: 1 }, { a: 1, b: 1 }] }, whole)).toBe(true);
  });
});
