// Second step of `npm run build`: the files the compiled code reads at run time, copied into dist/ at the paths
// the sources name them relative to themselves (schemas, spec, catalogue and its profile needs, cost model,
// fixtures, mutants, HTML assets). A directory given instead of dist/ receives them there: the project's tests
// compile their CLI apart from dist/, which `npm pack` remakes while they run (test/compiled-cli.ts).
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = resolve(root, process.argv[2] ?? 'dist');
const copy = (path) => {
  mkdirSync(dirname(join(dist, path)), { recursive: true });
  cpSync(join(root, path), join(dist, path), { recursive: true });
};

for (const path of [
  'package.json',
  'schemas',
  'spec',
  'fixtures',
  'config',
  'src/catalogue/rules.json',
  'src/catalogue/profile-needs.json',
  'src/runner/cost-model.json',
  'reference/mutants',
  'reporters/html/page.css',
  'reporters/html/page-script.js',
])
  copy(path);
// The suites of the package are the compiled ones: no TypeScript source is shipped.
for (const f of readdirSync(dist, { recursive: true }))
  if (String(f).endsWith('.ts')) throw new Error(`${join(dist, String(f))}: TypeScript in the build`);
