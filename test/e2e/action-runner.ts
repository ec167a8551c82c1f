// Runs a composite action (action.yml) as a GitHub runner does: each `run` step through bash in the workspace, its
// `${{ inputs.* }}` and `${{ github.* }}` expressions filled in, with the GITHUB_* variables a runner sets and the
// variables earlier steps wrote to $GITHUB_ENV; `uses` steps are recorded with their inputs, not run.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface ActionYml {
  inputs: Record<string, { description: string; default?: string }>;
  runs: { using: string; steps: Step[] };
}

export interface ActionRun {
  /** The exit code of the first `run` step that failed, else 0: the step's and the job's result. */
  code: number;
  stdout: string;
  stderr: string;
  /** The `uses` steps that ran, with their inputs filled in. */
  used: { uses: string; with: Record<string, string> }[];
  summary: string;
  runnerTemp: string;
}

export const readAction = (actionPath: string): ActionYml =>
  parse(readFileSync(join(actionPath, 'action.yml'), 'utf8')) as ActionYml;

/** The value of `${{ ... }}` expressions in `text`: inputs (with their defaults) and the github context. */
function fill(text: string, inputs: Record<string, string>, github: Record<string, string>): string {
  return text.replace(/\$\{\{\s*(inputs|github)\.([\w-]+)\s*\}\}/g, (_, scope: string, name: string) => {
    const value = scope === 'inputs' ? inputs[name] : github[name];
    if (value === undefined) throw new Error(`action.yml: no ${scope}.${name}`);
    return value;
  });
}

function bash(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // The runner's shell for `shell: bash`.
    execFile(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script],
      { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 600_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** `KEY=value` lines a step appended to $GITHUB_ENV. */
const envFile = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

/**
 * Runs the action at `actionPath` with the `with` inputs given, in `workspace`, with `env` as the workflow step's env
 * (credentials). A step after a failure runs only if its `if` says `!cancelled()` or `always()`.
 */
export async function runAction(
  actionPath: string,
  given: Record<string, string>,
  workspace: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ActionRun> {
  const action = readAction(actionPath);
  const unknown = Object.keys(given).filter((k) => !(k in action.inputs));
  if (unknown.length) throw new Error(`action.yml has no input ${unknown.join(', ')}`);
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
  const runnerTemp = mkdtempSync(join(tmpdir(), 'runner-temp-'));
  const files = mkdtempSync(join(tmpdir(), 'runner-files-'));
  const summaryFile = join(files, 'step-summary.md');
  const githubEnv = join(files, 'github-env');
  writeFileSync(summaryFile, '');
  writeFileSync(githubEnv, '');
  const github = { action_path: actionPath, workspace };
  const result: ActionRun = { code: 0, stdout: '', stderr: '', used: [], summary: '', runnerTemp };
  for (const step of action.runs.steps) {
    if (result.code !== 0 && !/!cancelled\(\)|always\(\)/.test(step.if ?? '')) continue;
    if (step.uses) {
      const withInputs = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([k, v]) => [k, fill(String(v), inputs, github)]),
      );
      result.used.push({ uses: step.uses, with: withInputs });
      continue;
    }
    if (step.shell !== 'bash') throw new Error(`step ${step.name}: shell ${step.shell}, not bash`);
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v, inputs, github)]));
    const ran = await bash(fill(step.run!, inputs, github), workspace, {
      ...process.env,
      ...env,
      ...envFile(githubEnv),
      ...stepEnv,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: actionPath,
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_ENV: githubEnv,
      RUNNER_TEMP: runnerTemp,
      NO_COLOR: '1',
    });
    result.stdout += ran.stdout;
    result.stderr += ran.stderr;
    if (ran.code !== 0) result.code = ran.code;
  }
  result.summary = readFileSync(summaryFile, 'utf8');
  return result;
}
