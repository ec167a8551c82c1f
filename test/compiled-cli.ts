// The CLI that the tests start in child processes, compiled once per test run as `npm run build` compiles the
// package's: through tsx each child would spend about 3 s more of CPU loading TypeScript. It is compiled into a
// directory of its own rather than dist/, which test/e2e/package.test.ts's `npm pack` removes and makes again while
// other files run; a node_modules link there lends the compiled code the clone's dependencies, and nothing else of
// the clone, so its suites read their assets from that build as an installed package does. The clone's entry,
// bin/conformance.mjs, still runs end to end: test/e2e/rerun.test.ts through `npm run conformance`, and
// test/e2e/action.test.ts from the Action's checkout.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** dist/bin/conformance.js of that build, by its real path: the one the CLI names itself by. */
    compiledCli: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = project.config.root;
  const build = realpathSync(mkdtempSync(join(tmpdir(), 'compiled-cli-')));
  const dist = join(build, 'dist');
  symlinkSync(join(root, 'node_modules'), join(build, 'node_modules'));
  const compile = () => {
    rmSync(dist, { recursive: true, force: true });
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', dist], {
      cwd: root,
      stdio: 'inherit',
    });
    execFileSync(process.execPath, ['bin/copy-assets.mjs', dist], { cwd: root, stdio: 'inherit' });
  };
  compile();
  // A rerun in watch mode follows an edit: the CLI it starts is compiled from the sources as they are now.
  project.onTestsRerun(compile);
  project.provide('compiledCli', join(dist, 'bin', 'conformance.js'));
  return () => rmSync(build, { recursive: true, force: true });
}
