// Rerun lines keep every option that decided the run's result, so that a rerun judges and exits as the run did.
import { describe, expect, it } from 'vitest';
import { parseCommandLine, type RunArgs } from '../../src/cli/args.ts';
import { rerunLines } from '../../src/cli/rerun.ts';

/** The rerun lines of a run given `argv`, as run from this clone's root (the words after `node bin/conformance.mjs`). */
function lines(argv: string[], embedded = false): { run: string; rule: string } {
  const r = rerunLines(parseCommandLine(argv) as RunArgs, embedded, 7);
  const cli = 'node bin/conformance.mjs ';
  expect(r.run.startsWith(cli)).toBe(true);
  return { run: r.run.slice(cli.length), rule: r.rule('METH-405').slice(cli.length) };
}

describe('rerunLines', () => {
  it('run: the profile, target, filter, baseline, --strict, seed and cases per property', () => {
    const argv = ['run', '--profile', 'p.json', '--target', 'https://h:1', '--tag', 'errors', '--baseline', 'b.json'];
    expect(lines([...argv, '--strict', '--num-runs', '3', '--reports', 'out', '--quiet'])).toEqual({
      run: 'run --profile p.json --target https://h:1 --tag errors --baseline b.json --strict --seed 7 --num-runs 3 --cases covering',
      // One rule under --strict would count the rules it leaves out.
      rule: 'run --profile p.json --target https://h:1 --rule METH-405 --baseline b.json --seed 7 --num-runs 3 --cases covering',
    });
  });

  it('certify: strict of itself; its rules rerun with run; the embedded target with its mutants', () => {
    expect(lines(['certify', '--mutant', 'METH-405', '--cases', 'all', '--sign-key', 'k.pem'], true)).toEqual({
      run: 'certify --target reference --mutant METH-405 --seed 7 --num-runs 40 --cases all',
      rule: 'run --target reference --mutant METH-405 --rule METH-405 --seed 7 --num-runs 40 --cases all',
    });
  });
});
