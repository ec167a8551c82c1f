// What the cleanup deletes where a create lost its answer: only entities whose names (or alert-configuration matcher
// values) start with the run's mark, each at the path its collection names it by.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { markedPaths } from '../../src/runner/marked-paths.ts';
import { appendEntry, outstanding, unanswered } from '../../src/target/journal.ts';

const mark = 'conformance-ab12cd34-';
const project = '/api/platform/v2/groups/650000000000000000000a01';

it('finds custom roles by roleName, clusters by name, and the rest by id', () => {
  expect(
    markedPaths(
      `${project}/customDBRoles/roles`,
      [{ roleName: `${mark}role 1` }, { roleName: 'theirs' }, { roleName: `other-${mark}` }],
      mark,
    ),
  ).toEqual([`${project}/customDBRoles/roles/conformance-ab12cd34-role%201`]);
  expect(markedPaths(`${project}/clusters`, [{ id: 'c1', name: `${mark}cluster` }], mark)).toEqual([
    `${project}/clusters/${mark}cluster`,
  ]);
  expect(markedPaths('/api/platform/v2/groups', [{ id: 'p1', name: `${mark}project` }], mark)).toEqual([
    '/api/platform/v2/groups/p1',
  ]);
});

it('finds alert configurations by a matcher value, and nothing by a mark elsewhere or by an empty mark', () => {
  const configs = [
    { id: 'a1', matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: `${mark}seq` }] },
    { id: 'a2', matchers: [{ value: 'rs0' }], notifications: [{ emailAddress: `${mark}x@example.com` }] },
    { id: 'a3' },
    'not an entity',
  ];
  expect(markedPaths(`${project}/alertConfigs`, configs, mark)).toEqual([`${project}/alertConfigs/a1`]);
  expect(markedPaths(`${project}/alertConfigs`, configs, '')).toEqual([]);
});

it('keeps unanswered creates apart from the entities to delete, once per collection, the deepest first', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'journal-')), 'journal.jsonl');
  const lost = (path: string) => appendEntry(file, { op: 'unanswered', path, as: 'owner', mark });
  lost('/api/platform/v2/groups');
  lost(`${project}/alertConfigs`);
  appendEntry(file, { op: 'created', path: `${project}/alertConfigs/a1`, as: 'owner' });
  lost(`${project}/alertConfigs`);
  lost(`${project}/customDBRoles/roles`);
  expect(outstanding(file).map((e) => e.path)).toEqual([`${project}/alertConfigs/a1`]);
  expect(unanswered(file).map((e) => e.path)).toEqual([
    `${project}/customDBRoles/roles`,
    `${project}/alertConfigs`,
    '/api/platform/v2/groups',
  ]);
});
