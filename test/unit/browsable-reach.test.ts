// Where the crawl's links led (src/suite/surface/reach.ts): the projects in which a list, or one of its entries, was
// reached, and which lists belong to the project itself.
import { describe, expect, it } from 'vitest';
import type { SurfaceList } from '../../src/suite/surface/lists.ts';
import { isProjectList, projectsReaching } from '../../src/suite/surface/reach.ts';

const alertConfigs: SurfaceList = { title: 'alert configurations', template: '/groups/{groupId}/alertConfigs', item: 'alertConfigId', paged: true };
const restoreJobs: SurfaceList = { title: 'restore jobs', template: '/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs', item: 'restoreJobId', paged: true };

describe('projectsReaching', () => {
  it('names each project whose list or an entry of it was reached, and no other', () => {
    const paths = ['/groups/a', '/groups/a/alertConfigs', '/groups/b/alertConfigs/c1', '/groups/c/alerts', '/groups/d/alertConfigs/c1/alerts'];
    expect([...projectsReaching(alertConfigs, paths)].sort()).toEqual(['a', 'b']);
  });

  it('matches lists inside another context at their own depth only', () => {
    expect([...projectsReaching(restoreJobs, ['/groups/a/clusters/x', '/groups/b/clusters/x/backup/restoreJobs'])]).toEqual(['b']);
    expect(projectsReaching(restoreJobs, ['/groups/a/clusters/x/backup/snapshots']).size).toBe(0);
  });
});

describe('isProjectList', () => {
  it('holds for a list whose only context is the project', () => {
    expect(isProjectList(alertConfigs)).toBe(true);
    expect(isProjectList(restoreJobs)).toBe(false);
  });
});
