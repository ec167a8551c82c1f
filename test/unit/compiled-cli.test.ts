// The tests' compiled CLI (test/compiled-cli.ts) is built once per test run, by the first worker that needs it: the
// others wait for that build, and take it over when the worker that began it died before it ended.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtAt } from '../compiled-cli.ts';

/** A build directory whose build another process began: `pid` is that process's. */
function begunBy(pid: number): { build: string; entry: string } {
  const build = mkdtempSync(join(tmpdir(), 'build-'));
  mkdirSync(join(build, 'begun'));
  writeFileSync(join(build, 'begun', 'pid'), String(pid));
  return { build, entry: join(build, 'dist', 'bin', 'conformance.js') };
}

const writeEntry = (entry: string) => (_root: string, dist: string) => {
  mkdirSync(join(dist, 'bin'), { recursive: true });
  writeFileSync(entry, '// built');
};

describe('the compiled CLI of the tests', () => {
  it('is built by a waiting worker when the process that began the build is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const { build, entry } = begunBy(gone);
    expect(builtAt(entry, writeEntry(entry))).toBe(entry);
    expect(existsSync(entry)).toBe(true);
    expect(existsSync(join(build, 'done'))).toBe(true);
    expect(readdirSync(build).filter((f) => f.startsWith('begun-abandoned-'))).toHaveLength(1);
  });

  it('is awaited, not built again, while the process that began the build lives and ends it', async () => {
    const { build, entry } = begunBy(0);
    const builder = spawn(process.execPath, [
      '-e',
      `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(join(build, 'done'))}, ''), 500)`,
    ]);
    writeFileSync(join(build, 'begun', 'pid'), String(builder.pid));
    const ended = new Promise((resolve) => builder.on('exit', resolve));
    expect(
      builtAt(entry, () => {
        throw new Error('built twice');
      }),
    ).toBe(entry);
    await ended;
    expect(existsSync(dirname(entry))).toBe(false);
  });
});
