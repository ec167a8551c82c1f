// A static scan of the suites: for each rule, the profile facts a skipFor reached from its checks names, following
// the functions (of the suite file, src/target/, src/probes/ and suites/support/) that its checks' top-level
// statements call.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Block {
  text: string;
  defines?: string;
}

/** A file's top-level statements: each starts at a line that is not indented and does not close a bracket. */
function blocks(source: string): Block[] {
  const out: Block[] = [];
  for (const line of source.split('\n')) {
    if (/^[^\s})\]/]/.test(line) || out.length === 0) out.push({ text: '' });
    out[out.length - 1]!.text += `${line}\n`;
  }
  for (const b of out)
    b.defines = /^(?:export\s+)?(?:async\s+)?(?:function\s+(\w+)|const\s+(\w+)\s*=)/
      .exec(b.text)
      ?.slice(1)
      .find(Boolean);
  return out;
}

/** The facts a block names directly; a fact built from a variable (`credentials.${name}`) by its family and a star. */
function directFacts(text: string): Set<string> {
  const facts = new Set<string>();
  for (const m of text.matchAll(/(?:skipFor|notApplicableFor)\(\s*['`"]([^'`"]+)['`"]/g))
    facts.add(m[1]!.replace(/\.\$\{.*$/, '.*'));
  return facts;
}

const files = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));

/** Rule id → the profile facts its checks may skip on; a `guarded` call (`caller>callee`: made only where the
 * profile allows it, so the callee's skips never fire there) adds none. */
export function scanSkips(root = '.', guarded: readonly string[] = []): Map<string, Set<string>> {
  const helpers = ['src/target', 'src/probes', 'suites/support']
    .flatMap((dir) => files(join(root, dir)))
    .flatMap(blocks);
  const suites = files(join(root, 'suites')).map(blocks);
  const all = [...helpers, ...suites.flat()];
  // Facts per defined name, to a fixed point over the calls between them.
  const facts = new Map<string, Set<string>>();
  for (const b of all)
    if (b.defines) facts.set(b.defines, new Set([...(facts.get(b.defines) ?? []), ...directFacts(b.text)]));
  const reach = (text: string, from?: string): Set<string> => {
    const out = directFacts(text);
    for (const [name, f] of facts) {
      if (guarded.includes(`${from}>${name}`)) continue;
      const calls = [...text.matchAll(new RegExp(`\\b${name}\\(\\s*[\\w.]+\\s*(?:,\\s*(['"]?)([\\w.]*))?`, 'g'))];
      for (const x of f) {
        // A helper that skips on the credential it is given: the role named at each call, the owner (required) aside.
        if (x !== 'credentials.*') calls.length && out.add(x);
        else for (const c of calls) if (c[2] !== 'owner') out.add(c[1] && c[2] ? `credentials.${c[2]}` : x);
      }
    }
    return out;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const b of all) {
      if (!b.defines) continue;
      const known = facts.get(b.defines)!;
      for (const x of reach(b.text, b.defines)) {
        if (known.has(x)) continue;
        known.add(x);
        changed = true;
      }
    }
  }
  const byRule = new Map<string, Set<string>>();
  for (const b of suites.flat()) {
    const ids = [...b.text.matchAll(/\bcheck\(\s*['`"]([A-Z0-9-]+)['`"]/g)].map((m) => m[1]!);
    if (!ids.length) continue;
    const f = reach(b.text);
    for (const id of ids) byRule.set(id, new Set([...(byRule.get(id) ?? []), ...f]));
  }
  return byRule;
}

/** The profile facts some notApplicableFor names (a fact built from a variable by its family and a star). */
export function scanNotApplicable(root = '.'): Set<string> {
  const sources = ['src/target', 'src/probes', 'suites/support', 'suites'].flatMap((dir) => files(join(root, dir)));
  const facts = new Set<string>();
  for (const text of sources)
    for (const m of text.matchAll(/notApplicableFor\(\s*['`"]([^'`"]+)['`"]/g))
      facts.add(m[1]!.replace(/\.\$\{.*$/, '.*'));
  return facts;
}
