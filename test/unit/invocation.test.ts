// The words that start the CLI again: a printed command must run where it is printed, as the run was started.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usage } from '../../src/cli/args.ts';
import { commandLine, type Start, withCliWords } from '../../src/invocation.ts';

const clone = mkdtempSync(join(tmpdir(), 'clone-'));
const elsewhere = mkdtempSync(join(tmpdir(), 'elsewhere-'));
const npmScriptEnv = {
  npm_lifecycle_event: 'conformance',
  npm_lifecycle_script: 'node bin/conformance.mjs run',
  npm_package_json: join(clone, 'package.json'),
};
const inClone = (cwd: string, env: NodeJS.ProcessEnv = {}): Start => ({
  compiled: false,
  packageRoot: clone,
  cwd,
  env,
});

/** A project that installed the package: its node_modules holds the package and the `conformance` bin. */
function installedProject(): { project: string; packageRoot: string } {
  const project = mkdtempSync(join(tmpdir(), 'project-'));
  writeFileSync(join(project, 'package.json'), '{}');
  const packageRoot = join(project, 'node_modules', '@admin-api-conformance', 'suite');
  mkdirSync(packageRoot, { recursive: true });
  mkdirSync(join(project, 'node_modules', '.bin'));
  writeFileSync(join(project, 'node_modules', '.bin', 'conformance'), '');
  return { project, packageRoot };
}

describe('commandLine', () => {
  it('in a clone started with node: the path to bin/conformance.mjs from the working directory', () => {
    expect(commandLine('run', ['--rule', 'METH-405'], inClone(clone))).toBe(
      'node bin/conformance.mjs run --rule METH-405',
    );
    expect(commandLine('certify', [], inClone(join(clone, 'config')))).toBe(
      `node ${join(clone, 'bin', 'conformance.mjs')} certify`,
    );
    expect(commandLine('rules', [], inClone(elsewhere))).toBe(`node ${join(clone, 'bin', 'conformance.mjs')} rules`);
  });

  it("in a clone started with its npm script: that script for run, the root's node line for any other command", () => {
    const start = inClone(join(clone, 'config'), npmScriptEnv);
    expect(commandLine('run', ['--seed', '1'], start)).toBe('npm run conformance -- --seed 1');
    expect(commandLine('run', [], start)).toBe('npm run conformance');
    expect(commandLine('certify', ['--seed', '1'], start)).toBe('node bin/conformance.mjs certify --seed 1');
  });

  it("an npm script of another package, or another script, is not the clone's", () => {
    for (const env of [
      { ...npmScriptEnv, npm_package_json: join(elsewhere, 'package.json') },
      { ...npmScriptEnv, npm_lifecycle_script: 'node bin/conformance.mjs' },
      { ...npmScriptEnv, npm_lifecycle_event: 'test' },
    ])
      expect(commandLine('run', [], inClone(clone, env))).toBe('node bin/conformance.mjs run');
  });

  it('installed: npx in the project that installed it, else node with the path to the compiled CLI', () => {
    const { project, packageRoot } = installedProject();
    const start = (cwd: string): Start => ({ compiled: true, packageRoot, cwd, env: {} });
    expect(commandLine('run', ['--profile', 'my target.json'], start(project))).toBe(
      "npx conformance run --profile 'my target.json'",
    );
    mkdirSync(join(project, 'config'));
    expect(commandLine('verify', [], start(join(project, 'config')))).toBe('npx conformance verify');
    expect(commandLine('run', [], start(elsewhere))).toBe(
      `node ${join(packageRoot, 'dist', 'bin', 'conformance.js')} run`,
    );
    // A package of its own inside the project: npx there looks in that package's node_modules, not the project's.
    const inner = join(project, 'inner');
    mkdirSync(inner);
    writeFileSync(join(inner, 'package.json'), '{}');
    expect(commandLine('run', [], start(inner))).toBe(`node ${join(packageRoot, 'dist', 'bin', 'conformance.js')} run`);
  });

  it('a built clone run through node: the compiled CLI by its path', () => {
    expect(commandLine('rules', [], { compiled: true, packageRoot: clone, cwd: clone, env: {} })).toBe(
      'node dist/bin/conformance.js rules',
    );
  });

  it("a help or message names other commands with the words that start the CLI here, and leaves the program's label", () => {
    const text = "conformance: unknown option; conformance run --help lists its options (see 'conformance rules')";
    expect(withCliWords(text, inClone(clone))).toBe(
      "conformance: unknown option; node bin/conformance.mjs run --help lists its options (see 'node bin/conformance.mjs rules')",
    );
    expect(withCliWords('  conformance --version  the version', inClone(clone))).toBe(
      '  node bin/conformance.mjs --version  the version',
    );
    expect(withCliWords('checks conformance of a target', inClone(clone))).toBe('checks conformance of a target');
    const unstartable = withCliWords(usage, inClone(clone))
      .split('\n')
      .filter((l) => /^\s*conformance /.test(l));
    expect(unstartable, 'usage lines that name a command the way no shell here starts it').toEqual([]);
    const hint = 'the target itself runs with npm run reference';
    expect(withCliWords(hint, inClone(join(clone, 'config')))).toBe(hint);
    expect(withCliWords(hint, { compiled: true, packageRoot: clone, cwd: elsewhere, env: {} })).toBe(
      `the target itself runs with node ${join(clone, 'dist', 'reference', 'main.js')}`,
    );
  });
});
