// The surface asked, for a concrete path, which of its operations the path is: the most literal template first.
import { expect, it } from 'vitest';
import { IndexedSurface } from '../../src/surface/indexed-surface.ts';
import type { SurfaceMethod, SurfaceOperation } from '../../src/surface/model.ts';

const op = (template: string, method: SurfaceMethod, generations: string[] = []): SurfaceOperation => ({
  template,
  method,
  generations,
  readOnly: [],
});

const surface = IndexedSurface.of({
  source: 'a document',
  operations: [
    op('/groups/{groupId}', 'GET'),
    op('/groups/{groupId}/alertConfigs/{alertConfigId}', 'GET', ['2023-01-01']),
    op('/groups/{id}/alertConfigs/{configId}', 'DELETE'),
    op('/groups/{groupId}/alertConfigs/matchers', 'GET', ['2023-02-01']),
    op('/groups/{groupId}/alertConfigs/matchers', 'POST'),
  ],
});

it('finds the operations a path fills, the most literal template first, and only templates of its length', () => {
  expect(surface.at('/groups/p1/alertConfigs/matchers').map((o) => `${o.method} ${o.template}`)).toEqual([
    'GET /groups/{groupId}/alertConfigs/matchers',
    'POST /groups/{groupId}/alertConfigs/matchers',
    'GET /groups/{groupId}/alertConfigs/{alertConfigId}',
    'DELETE /groups/{id}/alertConfigs/{configId}',
  ]);
  expect(surface.at('/groups/p1').map((o) => o.template)).toEqual(['/groups/{groupId}']);
  expect(surface.at('/groups/p1/clusters')).toEqual([]);
  // Asked again, the same answer.
  expect(surface.at('/groups/p1/alertConfigs/matchers')).toHaveLength(4);
});

it("gives a request its method's operation at the most literal template that has one", () => {
  expect(surface.operationAt('GET', '/groups/p1/alertConfigs/matchers')?.generations).toEqual(['2023-02-01']);
  expect(surface.operationAt('DELETE', '/groups/p1/alertConfigs/matchers')?.template).toBe(
    '/groups/{id}/alertConfigs/{configId}',
  );
  expect(surface.operationAt('PUT', '/groups/p1/alertConfigs/a1')).toBeUndefined();
});

it("gives a path's own template with the methods served there, whatever the parameters' names; HEAD where GET is", () => {
  expect(surface.methodsServedAt('/groups/p1/alertConfigs/a1')).toEqual({
    template: '/groups/{groupId}/alertConfigs/{alertConfigId}',
    methods: ['GET', 'DELETE', 'HEAD'],
  });
  expect(surface.methodsServedAt('/groups/p1/alertConfigs/matchers')?.methods).toEqual(['GET', 'POST', 'HEAD']);
  expect(surface.methodsServedAt('/orgs/o1')).toBeUndefined();
});

it('indexes a surface once: the indexed surface is its own index', () => {
  expect(IndexedSurface.of(surface)).toBe(surface);
});
