// The README's commands: every CLI line of its shell blocks, in the package's form (`npx conformance ...`) or the
// clone's (`node bin/conformance.mjs ...`, `npm run conformance -- ...`, whose script is `node bin/conformance.mjs run`),
// is one the CLI accepts; a line that mixed the forms (`npm run conformance -- run`) would not parse.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
const readme = readFileSync('README.md', 'utf8');

/** Each command of the README's sh blocks that starts the CLI, as the words the CLI receives. */
function cliCommands(): { line: string; argv: string[] }[] {
  const script = pkg.scripts.conformance!.split(' ');
  expect(script.slice(0, 2)).toEqual(['node', 'bin/conformance.mjs']);
  const lines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    m[1]!
      .split('\n')
      .map((l) => l.replace(/\s+#.*$/, ''))
      .flatMap((l) => l.split(';').map((c) => c.trim())),
  );
  return lines.flatMap((line) => {
    const words = line.split(/\s+/);
    if (words[0] === 'npx' && words[1] === 'conformance') return [{ line, argv: words.slice(2) }];
    if (words[0] === 'node' && words[1] === 'bin/conformance.mjs') return [{ line, argv: words.slice(2) }];
    if (line.startsWith('npm run conformance'))
      return [{ line, argv: [...script.slice(2), ...(words[3] === '--' ? words.slice(4) : words.slice(3))] }];
    return [];
  });
}

describe("the README's commands", () => {
  it('are each accepted by the CLI, in the form they are written', () => {
    const commands = cliCommands();
    expect(commands.length).toBeGreaterThan(20);
    for (const { line, argv } of commands) expect(() => parseCommandLine(argv), line).not.toThrow();
  });

  it('show the clone form of run, certify and the other commands', () => {
    const starts = new Set(cliCommands().map(({ line }) => line.split(' ').slice(0, 3).join(' ')));
    for (const form of ['npm run conformance', 'node bin/conformance.mjs certify', 'npx conformance certify'])
      expect(starts).toContain(form);
  });
});
