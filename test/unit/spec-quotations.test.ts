// Every spec quotation in a suite file is the spec's own text, so that a check never claims the spec says more (or
// other) than it does. A quotation is any text in double quotes inside a comment of suites/*.test.ts (other quoted
// words belong in backticks or single quotes). It is compared with spec/admin-api-spec.md after the same
// normalisation of both: Markdown markup is removed (backticks, bold, the pipes between table cells, list and
// heading markers at the start of a line) and every run of whitespace is folded into one space; case and
// punctuation count. A table row is quoted with ` | ` between its cells. An ellipsis (`...` or `…`) may join
// verbatim pieces of a quotation, which must then appear in the spec in that order.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specFile } from '../../src/catalogue/spec.ts';

/** Text without Markdown markup, whitespace folded. */
function normalised(text: string): string {
  return text
    .replace(/\*\*|`/g, '')
    .replace(/^[ \t]*(?:#+|[-*]|\d+\.)[ \t]+/gm, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Quotation {
  line: number;
  text: string;
}

/** The comment blocks of a source file: runs of lines that are comments only (`//`, `/*`, `*`), each joined. */
function commentBlocks(source: string): Quotation[] {
  const blocks: Quotation[] = [];
  let open: Quotation | undefined;
  source.split('\n').forEach((line, i) => {
    const m = /^\s*(?:\/\/|\/\*+|\*(?!\/))(.*?)(?:\*\/)?\s*$/.exec(line);
    if (!m) {
      open = undefined;
      return;
    }
    if (open) open.text += ` ${m[1]}`;
    else {
      open = { line: i + 1, text: m[1]! };
      blocks.push(open);
    }
  });
  return blocks;
}

/** The quotations of a source file's comments; a block with an unpaired double quote is reported as such. */
function quotationsIn(source: string): { quotations: Quotation[]; unpaired: number[] } {
  const quotations: Quotation[] = [];
  const unpaired: number[] = [];
  for (const block of commentBlocks(source)) {
    if ((block.text.match(/"/g) ?? []).length % 2 !== 0) unpaired.push(block.line);
    for (const m of block.text.matchAll(/"([^"]*)"/g))
      quotations.push({ line: block.line, text: m[1]!.replace(/\s+/g, ' ').trim() });
  }
  return { quotations, unpaired };
}

/** The first piece of `quotation` that is not the spec's text (after the pieces before it), or undefined. */
function misquoted(quotation: string, spec: string): string | undefined {
  const pieces = normalised(quotation)
    .split(/\s*(?:\.\.\.|…)\s*/)
    .filter((p) => p !== '');
  if (pieces.length === 0) return quotation;
  let from = 0;
  for (const piece of pieces) {
    const at = spec.indexOf(piece, from);
    if (at < 0) return piece;
    from = at + piece.length;
  }
  return undefined;
}

const spec = normalised(readFileSync(specFile, 'utf8'));
const suiteDir = new URL('../../suites/', import.meta.url);
const suiteFiles = readdirSync(suiteDir)
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
const sourceOf = (file: string) => readFileSync(new URL(file, suiteDir), 'utf8');

describe('spec quotations in the suites', () => {
  it('are verbatim pieces of the spec', () => {
    const wrong = suiteFiles.flatMap((file) =>
      quotationsIn(sourceOf(file))
        .quotations.filter((q) => misquoted(q.text, spec) !== undefined)
        .map((q) => `${file}:${q.line} "${q.text}" (not in the spec: "${misquoted(q.text, spec)}")`),
    );
    expect(wrong).toEqual([]);
  });

  it('pair their double quotes within a comment', () => {
    const unpaired = suiteFiles.flatMap((file) =>
      quotationsIn(sourceOf(file)).unpaired.map((line) => `${file}:${line}`),
    );
    expect(unpaired).toEqual([]);
  });

  it('are found in every section file that declares checks', () => {
    const sections = suiteFiles.filter((file) => /^\s*check\(/m.test(sourceOf(file)));
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.filter((file) => quotationsIn(sourceOf(file)).quotations.length === 0)).toEqual([]);
  });
});

describe('a quotation compared with the spec', () => {
  it('matches the spec text with its markup removed and its line breaks anywhere', () => {
    expect(misquoted('Access is HTTPS only (TLS). Plain HTTP is not served.', spec)).toBeUndefined();
    expect(misquoted('Every entity has a links field: an array of link relation\n objects.', spec)).toBeUndefined();
    expect(
      misquoted('The property azureKeyVault/azureEnvironment no longer has the enum value AZURE_GERMANY.', spec),
    ).toBeUndefined();
  });

  it('quotes a table row with a pipe between its cells', () => {
    expect(misquoted('404 | Not Found | The resource does not exist', spec)).toBeUndefined();
    expect(misquoted('404 Not Found: The resource does not exist', spec)).toBe(
      '404 Not Found: The resource does not exist',
    );
  });

  it("joins verbatim pieces with an ellipsis, in the spec's order only", () => {
    expect(misquoted('Dates sent (query parameters ...) must be ISO-8601', spec)).toBeUndefined();
    expect(misquoted('Two methods authenticate requests … API keys are used', spec)).toBeUndefined();
    expect(misquoted('API keys are used ... Two methods authenticate requests', spec)).toBe(
      'Two methods authenticate requests',
    );
  });

  it('fails on a made-up or altered quotation', () => {
    expect(misquoted('Events carry the property eventTypeName', spec)).toBe('Events carry the property eventTypeName');
    expect(misquoted('Audit events carry the property eventTypeName.', spec)).toBe(
      'Audit events carry the property eventTypeName.',
    );
    expect(misquoted('Access is https only (TLS).', spec)).toBe('Access is https only (TLS).');
    expect(misquoted('...', spec)).toBe('...');
  });
});

describe('quotations found in a source file', () => {
  const source = [
    '// Spec 6: "Audit events of variant NDS Audits carry the property',
    '// eventTypeName", and 2.6.',
    "check('X-Y', 'a \"quoted\" title in code is no quotation', async () => {});",
    '/** "Default: no envelope."',
    ' * "an unpaired one */',
  ].join('\n');

  it('are those of comments, a quotation running over comment lines taken whole', () => {
    expect(quotationsIn(source).quotations).toEqual([
      { line: 1, text: 'Audit events of variant NDS Audits carry the property eventTypeName' },
      { line: 4, text: 'Default: no envelope.' },
    ]);
  });

  it('name the comment whose double quotes do not pair', () => {
    expect(quotationsIn(source).unpaired).toEqual([4]);
  });
});
