// The CLI that the tests start in child processes, compiled as `npm run build` compiles the package's: through tsx
// each child would spend about 3 s more of CPU loading TypeScript. It is compiled into a directory of its own rather
// than dist/, which test/e2e/package.test.ts's `npm pack` removes and makes again while other files run; a
// node_modules link there lends the compiled code the clone's dependencies, and nothing else of the clone, so its
// suites read their assets from that build as an installed package does. It is compiled once per test run, by the
// first test that starts it (a run of unit tests alone compiles nothing); tests in other workers wait for that
// build, and one of them takes it over if the worker that began it died before it ended (its process is gone). The
// clone's entry, bin/conformance.mjs, still runs end to end: test/e2e/rerun.test.ts through `npm run conformance`,
// and test/e2e/action.test.ts from the Action's checkout.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** dist/bin/conformance.js of that build, by its real path: the one the CLI names itself by. */
    compiledCli: string;
  }
}

/** The marks of the build beside its dist/: begun by one worker (a directory holding its pid), then done or failed. */
const marks = (build: string) => ({
  begun: join(build, 'begun'),
  done: join(build, 'done'),
  failed: join(build, 'failed'),
});
type Marks = ReturnType<typeof marks>;

/** How long a test waits for another worker's build. */
const buildWaitMs = 600_000;

export default function setup(project: TestProject): () => void {
  const build = realpathSync(mkdtempSync(join(tmpdir(), 'compiled-cli-')));
  symlinkSync(join(project.config.root, 'node_modules'), join(build, 'node_modules'));
  // A rerun in watch mode follows an edit: the CLI it starts is compiled again from the sources as they are now.
  project.onTestsRerun(() => {
    for (const mark of Object.values(marks(build))) rmSync(mark, { force: true });
  });
  project.provide('compiledCli', join(build, 'dist', 'bin', 'conformance.js'));
  return () => rmSync(build, { recursive: true, force: true });
}

function compile(root: string, dist: string): void {
  rmSync(dist, { recursive: true, force: true });
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', dist], { cwd: root, stdio: 'pipe' });
  execFileSync(process.execPath, ['bin/copy-assets.mjs', dist], { cwd: root, stdio: 'pipe' });
}

/** The compiled CLI's entry, compiled first by the test that needs it first. */
export function compiledCli(): string {
  return builtAt(inject('compiledCli'), compile);
}

/** `entry`, once its build is done: made here by `make(root, dist)` unless another worker's process makes it. */
export function builtAt(entry: string, make: (root: string, dist: string) => void): string {
  const dist = dirname(dirname(entry));
  const m = marks(dirname(dist));
  if (existsSync(m.done)) return entry;
  try {
    mkdirSync(m.begun);
  } catch {
    return awaitBuild(entry, m, make);
  }
  writeFileSync(join(m.begun, 'pid'), String(process.pid));
  try {
    make(process.cwd(), dist);
  } catch (e) {
    // tsc says what is wrong on its standard output.
    const err = e as { message: string; stdout?: Buffer };
    const why = `the CLI could not be compiled: ${err.message}\n${err.stdout?.toString() ?? ''}`;
    writeFileSync(m.failed, why);
    throw new Error(why);
  }
  writeFileSync(m.done, '');
  return entry;
}

/** Whether the process that began the build is gone; false while its pid is not written yet. */
function builderGone(begun: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(begun, 'pid'), 'utf8'));
  } catch {
    return false;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Waits, blocking this worker, for the build another worker began; takes it over when that worker's process is
 * gone (one waiter wins the rename of its mark, and begins afresh). */
function awaitBuild(entry: string, m: Marks, make: (root: string, dist: string) => void): string {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + buildWaitMs; Date.now() < until; Atomics.wait(pause, 0, 0, 200)) {
    if (existsSync(m.done)) return entry;
    if (existsSync(m.failed)) throw new Error(readFileSync(m.failed, 'utf8'));
    if (!builderGone(m.begun)) continue;
    try {
      renameSync(m.begun, `${m.begun}-abandoned-${process.pid}-${Date.now()}`);
    } catch {
      continue; // another waiter took it over
    }
    return builtAt(entry, make);
  }
  throw new Error(`the CLI was not compiled within ${buildWaitMs / 1000} s`);
}
