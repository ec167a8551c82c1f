// Every kind of thing a check counts (its tally's `judged`, `judgeAll`, a list judge's answer) reads as English in a coverage
// line, singular and plural: the kinds are read from the code, so a new one must be added here to be read.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { describeCoverage, plural, withArticle } from '../../src/check-outcome.ts';
import { Coverage } from '../../src/harness/coverage.ts';

const english: Record<string, string> = {
  answer: 'answers',
  'body depth': 'body depths',
  'BSON timestamp': 'BSON timestamps',
  burst: 'bursts',
  cluster: 'clusters',
  'concurrent batch': 'concurrent batches',
  'create over the limit': 'creates over the limit',
  'request after the turn': 'requests after the turn',
  'PUT answer': 'PUT answers',
  'PATCH answer': 'PATCH answers',
  variant: 'variants',
  'create read back': 'creates read back',
  'delete read back': 'deletes read back',
  date: 'dates',
  'date sent': 'dates sent',
  'date window': 'date windows',
  'empty list': 'empty lists',
  // One kind per depth, so that the line says the depths reached: "2 empty lists at depth 2".
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the kind as the code writes it, read word for word
  'empty list at depth ${depth}': 'empty lists at depth ${depth}',
  entity: 'entities',
  'entity or list': 'entities or lists',
  'event type': 'event types',
  exchange: 'exchanges',
  'FLEX sku': 'FLEX skus',
  'followed self link': 'followed self links',
  generation: 'generations',
  'HEAD answer read raw': 'HEAD answers read raw',
  'HEAD answer compared with GET': 'HEAD answers compared with GET',
  'joint burst': 'joint bursts',
  list: 'lists',
  'list item': 'list items',
  'listed entity': 'listed entities',
  'missing context': 'missing contexts',
  'missing entity': 'missing entities',
  'NDS Audits event': 'NDS Audits events',
  "no-grant key's read": "no-grant key's reads",
  'numeric field': 'numeric fields',
  'oversized page size': 'oversized page sizes',
  page: 'pages',
  'page walk': 'page walks',
  'PATCH read back': 'PATCHes read back',
  'plain-HTTP answer': 'plain-HTTP answers',
  'malformed write': 'malformed writes',
  'profile project': 'profile projects',
  project: 'projects',
  'read-back entity': 'read-back entities',
  refusal: 'refusals',
  'refused request': 'refused requests',
  'refused update': 'refused updates',
  'refused write': 'refused writes',
  'resource kind': 'resource kinds',
  response: 'responses',
  route: 'routes',
  'slow query': 'slow queries',
  'total count': 'total counts',
  'unsupported method': 'unsupported methods',
  'variant reading': 'variant readings',
  'writable resource': 'writable resources',
  write: 'writes',
  'write method': 'write methods',
  caller: 'callers',
  method: 'methods',
  operation: 'operations',
  'unauthenticated request': 'unauthenticated requests',
  'wrongly authenticated request': 'wrongly authenticated requests',
  'bad-token request': 'bad-token requests',
};

/** The kinds named as string literals where the code counts: tally.judged('x', ...), judgeAll(tally, 'x', ...), return
 * 'x' of a list judge. */
function kindsInCode(): Set<string> {
  const kinds = new Set<string>();
  const files = ['src', 'suites'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(dir, f)),
  );
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:judged\(|\.left\(|judgeAll\(\s*\w+,)\s*(['"`])((?:(?!\1).)+)\1/g))
      kinds.add(m[2]!);
    for (const block of text.split('judgeEveryList(').slice(1))
      for (const m of block.slice(0, 1500).matchAll(/return (['"])((?:(?!\1).)+)\1;/g)) kinds.add(m[2]!);
  }
  return kinds;
}

test('every kind the code counts has its English plural here, and the coverage line says it', () => {
  const kinds = [...kindsInCode()].sort();
  expect(kinds.length).toBeGreaterThan(40);
  expect(kinds).toContain("no-grant key's read");
  expect(kinds.filter((k) => !(k in english))).toEqual([]);
  for (const k of kinds) {
    expect(plural(k, 2), k).toBe(english[k]);
    expect(plural(k, 1), k).toBe(k);
  }
  expect(describeCoverage([{ what: 'date sent', count: 60, places: 50 }])).toBe('60 dates sent on 50 paths');
  expect(
    describeCoverage([
      { what: 'empty list at depth 1', count: 6, places: 6 },
      { what: 'empty list at depth 2', count: 1, places: 1 },
    ]),
  ).toBe('6 empty lists at depth 1 on 6 paths, 1 empty list at depth 2 on 1 path');
});

test('a kind named alone in a message takes the article its sound asks for', () => {
  expect(['alert configuration', 'custom database role', 'organization', 'project'].map(withArticle)).toEqual([
    'an alert configuration',
    'a custom database role',
    'an organization',
    'a project',
  ]);
});

test('things a check left unjudged are listed after what it judged, with why, and not counted as judged', () => {
  const coverage = new Coverage();
  coverage.judged('date sent', 3, '/a');
  coverage.left('date sent', 'the alert closed');
  coverage.left('date sent', 'the alert closed');
  expect(coverage.total).toBe(3);
  expect(describeCoverage(coverage.list())).toBe('3 dates sent on 1 path, 2 dates sent not judged (the alert closed)');
  const none = new Coverage();
  none.left('date sent', 'the alert closed');
  expect(none.total).toBe(0);
  expect(describeCoverage(none.list())).toBe('1 date sent not judged (the alert closed)');
});
