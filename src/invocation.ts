// How this CLI was started, as the words that start it again from the same directory: every command it prints (a
// rerun line, a hint) must work where it is printed, in a clone as in a project that installed the package.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What decides how the CLI is started again. */
export interface Start {
  /** The code runs compiled (dist/ of a package) rather than as TypeScript through tsx (a clone). */
  compiled: boolean;
  /** The clone, or the installed package's directory (the one that holds dist/). */
  packageRoot: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** The clone's script that runs the suite: `npm run conformance -- OPTIONS` is `node bin/conformance.mjs run OPTIONS`. */
const npmScript = { name: 'conformance', script: 'node bin/conformance.mjs run', command: 'run' };

/** This process's start: src/invocation.ts in a clone, dist/src/invocation.js in a package. */
function thisStart(): Start {
  const compiled = !import.meta.url.endsWith('.ts');
  const here = fileURLToPath(new URL('..', import.meta.url));
  return { compiled, packageRoot: compiled ? resolve(here, '..') : here, cwd: process.cwd(), env: process.env };
}

function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A file as the working directory reaches it: relative below it, absolute elsewhere. */
function pathFrom(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

/** The directory npm treats as the project from `cwd`: the nearest one up that holds package.json or node_modules. */
function npmProject(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) || existsSync(join(dir, 'node_modules'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The project that installed the package (`<project>/node_modules/<name>`), when `npx` from `cwd` reaches its CLI. */
function npxReaches(start: Start): boolean {
  const at = start.packageRoot.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) return false;
  const project = start.packageRoot.slice(0, at);
  return npmProject(start.cwd) === project && existsSync(join(project, 'node_modules', '.bin', 'conformance'));
}

/** Started by the clone's `npm run conformance` (npm runs it in the clone's root, whatever the directory it was typed in). */
function byNpmScript(start: Start): boolean {
  return (
    !start.compiled &&
    start.env.npm_lifecycle_event === npmScript.name &&
    start.env.npm_lifecycle_script === npmScript.script &&
    start.env.npm_package_json === join(start.packageRoot, 'package.json')
  );
}

/** The words that start the CLI, before its command: `npx conformance` in the project that installed the package, else
 * `node PATH` to the CLI (from the clone's root after its npm script, which npm runs there whatever the directory). */
export function cliWords(start: Start = thisStart()): string[] {
  if (start.compiled && npxReaches(start)) return ['npx', 'conformance'];
  const cli = start.compiled
    ? join(start.packageRoot, 'dist', 'bin', 'conformance.js')
    : join(start.packageRoot, 'bin', 'conformance.mjs');
  return ['node', pathFrom(byNpmScript(start) ? start.packageRoot : start.cwd, cli)];
}

/** The command line that runs `command` with `options` as this process was started (`npm run conformance -- ...`
 * after that script). */
export function commandLine(command: string, options: string[], start: Start = thisStart()): string {
  const words =
    command === npmScript.command && byNpmScript(start)
      ? ['npm', 'run', npmScript.name, ...(options.length ? ['--', ...options] : [])]
      : [...cliWords(start), command, ...options];
  return words.map(shellWord).join(' ');
}

/** The words that start the reference target alone: the clone's npm script, or the package's compiled entry. */
function referenceWords(start: Start): string[] {
  if (!start.compiled) return ['npm', 'run', 'reference'];
  return ['node', pathFrom(start.cwd, join(start.packageRoot, 'dist', 'reference', 'main.js'))];
}

/** A text that names commands as `conformance COMMAND` or `npm run reference` (a help, a message), with the words that
 * start them here instead. */
export function withCliWords(text: string, start: Start = thisStart()): string {
  const words = cliWords(start).map(shellWord).join(' ');
  return text
    .replace(/\bconformance(?= (?:run|certify|judge|plan|verify|baseline|rules|reference|help|COMMAND|--\w))/g, words)
    .replace(/\bnpm run reference\b/g, referenceWords(start).map(shellWord).join(' '));
}
