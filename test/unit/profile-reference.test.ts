// docs/profile.md documents every field of schemas/profile.schema.json, with its default: a field the schema gains
// without a row in the reference, or a default that changes in one place only, fails here.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

interface Node {
  properties?: Record<string, Node>;
  default?: unknown;
  $ref?: string;
}

const schema = JSON.parse(readFileSync('schemas/profile.schema.json', 'utf8')) as Node & {
  definitions: { credential: { oneOf: Node[] } };
};
const doc = readFileSync('docs/profile.md', 'utf8');
const rows = doc.split('\n').filter((l) => l.startsWith('|'));

/** Every field that holds a value (not an object of named fields), by its dotted path; a credential's under `<role>`. */
function fields(node: Node, path: string[]): { path: string[]; node: Node }[] {
  if (path.join('.') === 'credentials') {
    const credentialFields = Object.assign({}, ...schema.definitions.credential.oneOf.map((c) => c.properties));
    return fields({ properties: credentialFields }, [...path, '<role>']);
  }
  if (!node.properties) return [{ path, node }];
  return Object.entries(node.properties)
    .filter(([name]) => name !== '$schema')
    .flatMap(([name, child]) => fields(child, [...path, name]));
}

/** A row documents `a.b.c` when it names it whole, or names `a.b.` something and then `.c` or `c` on its own. */
function rowOf(path: string[]): string | undefined {
  const whole = `\`${path.join('.')}\``;
  const parent = `\`${path.slice(0, -1).join('.')}.`;
  const leaf = path.at(-1)!;
  return (
    rows.find((r) => r.includes(whole)) ??
    rows.find((r) => path.length > 1 && r.includes(parent) && new RegExp(`[\`.{, ]${leaf}[\`,} ]`).test(r))
  );
}

/** What of a default the reference must show: a value, each item of a short list, the count of a long one, each
 * entry of an object or list of objects. */
function shown(value: unknown): { where: 'row' | 'doc'; text: string }[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ where: 'row', text: '[]' }];
    if (value.every((v) => typeof v === 'string'))
      return value.length > 20
        ? [{ where: 'row', text: String(value.length) }]
        : value.map((v) => ({ where: value.length > 6 ? 'doc' : 'row', text: v }));
    return value.map((v) => {
      const o = v as { name?: string; method?: string; path?: string };
      return { where: 'doc', text: o.name ?? `${o.method} ${o.path}` };
    });
  }
  if (value !== null && typeof value === 'object')
    return Object.entries(value).map(([k, v]) => ({ where: 'doc', text: `\`${k}\`: ${(v as string[]).join(', ')}` }));
  return [{ where: 'row', text: `\`${String(value)}\`` }];
}

it('has a row for every field of the profile schema, showing its default', () => {
  const all = fields(schema, []);
  expect(all.length).toBeGreaterThan(50);
  const missing: string[] = [];
  for (const { path, node } of all) {
    const row = rowOf(path);
    if (!row) {
      missing.push(`${path.join('.')}: no row`);
      continue;
    }
    if (
      node.default === undefined ||
      (typeof node.default === 'object' && !Array.isArray(node.default) && !Object.keys(node.default as object).length)
    )
      continue;
    for (const s of shown(node.default))
      if (!(s.where === 'row' ? row : doc).includes(s.text))
        missing.push(`${path.join('.')}: default ${s.text} not shown`);
  }
  expect(missing).toEqual([]);
});

it('says what each credential role the suite uses is for', () => {
  for (const role of ['owner', 'owner2', 'readOnly', 'outsider', 'serviceAccount'])
    expect(
      rows.some((r) => r.startsWith(`| \`${role}\` |`)),
      role,
    ).toBe(true);
});
