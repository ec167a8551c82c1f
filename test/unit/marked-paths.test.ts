// What the cleanup deletes where a create lost its answer: only entities whose names (or alert-configuration matcher
// values) start with the run's mark, each at the path its collection names it by.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { markedPaths } from '../../src/runner/marked-paths.ts';
import type { Exchange } from '../../src/exchange.ts';
import {
  appendEntry,
  noteUnanswered,
  outstanding,
  unanswered,
  type UnansweredNotes,
} from '../../src/target/journal.ts';

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

it('notes a POST that lost its answer over TLS, and not one sent in the clear to a TLS target and refused', () => {
  const notesAt = (baseUrl: string): UnansweredNotes => ({
    file: join(mkdtempSync(join(tmpdir(), 'journal-')), 'journal.jsonl'),
    baseUrl,
    mark,
    accept: 'application/vnd.platform.2023-02-01+json',
  });
  const reset = (url: string): Exchange => ({
    request: { method: 'POST', url, headers: {} },
    error: { cause: 'reset', message: 'socket hang up' },
    startedAt: '2026-01-01T00:00:00Z',
    durationMs: 1,
  });
  const tls = notesAt('https://api.example.test');
  noteUnanswered(tls, reset(`http://api.example.test:80${project}/alertConfigs`));
  expect(unanswered(tls.file)).toEqual([]);
  noteUnanswered(tls, reset(`https://api.example.test${project}/alertConfigs`));
  expect(unanswered(tls.file).map((e) => e.path)).toEqual([`${project}/alertConfigs`]);
  // A target served in the clear loses its creates' answers in the clear.
  const clear = notesAt('http://127.0.0.1:8080');
  noteUnanswered(clear, reset(`http://127.0.0.1:8080${project}/alertConfigs`));
  expect(unanswered(clear.file).map((e) => e.path)).toEqual([`${project}/alertConfigs`]);
});
