// Spec 2.1 and 7.2: the error refusing an invalid field "names the invalid field". The one judge of that: the
// field by its name or its path, in the error's detail or one of its parameters (spec 7.1), as whole identifiers,
// case-sensitively (a misspelling may differ from a real field by case alone), and not inside an echo of the body.

/** A place in a JSON body: keys of objects and indexes of arrays. */
export type JsonPath = readonly (string | number)[];

/** What the judge is given: the error body, the request body, the offending field's path in it, and whether
 * naming the value found there (a refused enum value) counts as naming the field. */
export interface NamingCase {
  error: unknown;
  body: unknown;
  path: JsonPath;
  value?: boolean;
}

export type Naming =
  | { named: true; where: string; as: string }
  | { named: false; why: 'absent' | 'longer-name' | 'other-path' | 'echo'; seen: string[]; reason: string };

/** `a.b[0].c`: the path as the reference target and the suite's messages spell it. */
export const spellPath = (path: JsonPath) =>
  path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

type Segment = string | number | '*';
interface Token {
  segments: Segment[];
  start: number;
  end: number;
  text: string;
}

const identifierAt = /[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*/y;
const bracketAt = /\[\s*(?:(\d+)|(\*)?|"([A-Za-z0-9_-]+)"|'([A-Za-z0-9_-]+)')\s*\]/y;
const isIdentifierChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
// No identifier continues across these edges (`-` joins identifiers, as in `read-only`).
const edgeBefore = (text: string, at: number) =>
  !isIdentifierChar(text[at - 1]) && !(text[at - 1] === '-' && isIdentifierChar(text[at - 2]));
const edgeAfter = (text: string, at: number) =>
  !isIdentifierChar(text[at]) && !(text[at] === '-' && isIdentifierChar(text[at + 1]));

function readAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

const asSegment = (word: string): Segment => (/^\d+$/.test(word) ? Number(word) : word);

/** Every path-like run of the text: identifiers joined by `.` or `/`, with `[0]`, `[]`, `[*]`, `["key"]` parts. */
function tokens(text: string): Token[] {
  const found: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const startsHere = (isIdentifierChar(text[i]) || text[i] === '[') && edgeBefore(text, i);
    if (!startsHere) {
      i++;
      continue;
    }
    const start = i;
    const segments: Segment[] = [];
    for (;;) {
      const bracket = readAt(bracketAt, text, i);
      if (bracket) {
        segments.push(bracket[1] !== undefined ? Number(bracket[1]) : (bracket[3] ?? bracket[4] ?? '*'));
        i = bracketAt.lastIndex;
        continue;
      }
      const separated = segments.length > 0 && (text[i] === '.' || text[i] === '/');
      const from = separated ? i + 1 : i;
      if (segments.length > 0 && !separated) break;
      if (text[from] === '*') {
        segments.push('*');
        i = from + 1;
        continue;
      }
      const word = readAt(identifierAt, text, from);
      if (!word) break;
      segments.push(asSegment(word[0]));
      i = identifierAt.lastIndex;
    }
    if (segments.length === 0) i = start + 1;
    else found.push({ segments, start, end: i, text: text.slice(start, i) });
  }
  return found;
}

/** Whether `segments` (ending in the leaf) are the path's tail: keys equal, indexes equal, `*` or left out. */
function agrees(segments: Segment[], path: JsonPath): boolean {
  let i = segments.length - 1;
  let j = path.length - 1;
  while (i >= 0 && j >= 0) {
    const s = segments[i]!;
    const p = path[j]!;
    if (typeof p === 'number' && typeof s === 'string' && s !== '*')
      j--; // the text leaves the index out
    else if (typeof p === 'number' ? s === '*' || s === p : s === p) {
      i--;
      j--;
    } else return false;
  }
  return i < 0; // left over: a path through other fields (`other.c` for a top-level `c`), another field
}

/** The keys of every object in `value`, except those under the offending path (part of its value). */
function keysOf(value: unknown, path: JsonPath, at: (string | number)[] = []): string[] {
  if (at.length === path.length && at.every((s, i) => s === path[i])) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, path, [...at, i]));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v, path, [...at, k])]);
}

/** Spans `{...}` (outermost; an unclosed one runs to the end of the text); inside one, quoted strings are skipped,
 * so that a value sent with a brace in it does not end the span. */
function braceSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let depth = 0;
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (depth > 0 && (c === '"' || c === "'" || c === '`')) {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '{' && depth++ === 0) open = i;
    else if (c === '}' && depth > 0 && --depth === 0) spans.push([open, i + 1]);
  }
  if (depth > 0) spans.push([open, text.length]);
  return spans;
}

function valueAt(body: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>(
    (v, k) => (typeof v === 'object' && v !== null ? (v as Record<string | number, unknown>)[k] : undefined),
    body,
  );
}

/** Start offsets of `value` in `text` standing alone (no identifier continues it on either side). */
function occurrences(text: string, value: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(value); i >= 0 && value !== ''; i = text.indexOf(value, i + 1)) {
    if (edgeBefore(text, i) && edgeAfter(text, i + value.length)) at.push(i);
  }
  return at;
}

/** The texts of the error that may name a field: its detail and each parameter, by where they are. */
function textsOf(error: unknown): [where: string, text: string][] {
  const body = (typeof error === 'object' && error !== null ? error : {}) as { detail?: unknown; parameters?: unknown };
  const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const parameters = Array.isArray(body.parameters)
    ? body.parameters.map((p, i): [string, unknown] => [`parameters[${i}]`, p])
    : [];
  return ([['detail', body.detail], ...parameters] as [string, unknown][])
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([where, v]) => [where, asText(v)]);
}

/**
 * Whether the error names the offending field. Named: the field's name, or a path ending in it (`a.b[0].c`,
 * `a.b.c`, `a.b.0.c`, `a/b/0/c`, `a.b[*].c`, `["a"]["b"][0]["c"]`, any of them quoted or below `$.`/`#/`), as
 * whole identifiers: its trailing part (`b[0].c`) or a path on into its value also counts, a path through other
 * fields does not. Not named: only a longer identifier sharing its prefix, or only within a `{...}` span
 * that also names fields the body sent validly (an echo of the body). With `value`, the string sent at the path,
 * standing alone, names it too.
 */
export function judgeNaming({ error, body, path, value }: NamingCase): Naming {
  const leaf = path.at(-1);
  const onPath = new Set(path.filter((s): s is string => typeof s === 'string'));
  const valid = new Set(keysOf(body, path).filter((k) => !onPath.has(k)));
  const sent = value ? valueAt(body, path) : undefined;
  const seen = { echo: [] as string[], 'other-path': [] as string[], 'longer-name': [] as string[] };
  for (const [where, text] of textsOf(error)) {
    const found = tokens(text);
    const echoes = braceSpans(text).filter(([from, to]) =>
      found.some(
        (t) => t.start >= from && t.end <= to && t.segments.some((s) => typeof s === 'string' && valid.has(s)),
      ),
    );
    const inEcho = (at: number) => echoes.some(([from, to]) => at >= from && at < to);
    for (const t of found) {
      const leafAt = t.segments.flatMap((s, i) => (s === leaf ? [i] : []));
      const named = leafAt.some((i) => agrees(t.segments.slice(0, i + 1), path));
      if (named && !inEcho(t.start)) return { named: true, where, as: t.text };
      if (named) seen.echo.push(t.text);
      if (named || inEcho(t.start)) continue;
      if (leafAt.length > 0) seen['other-path'].push(t.text);
      seen['longer-name'].push(
        ...t.segments.filter(
          (s): s is string =>
            typeof s === 'string' && typeof leaf === 'string' && s.length > leaf.length && s.startsWith(leaf),
        ),
      );
    }
    if (typeof sent === 'string') {
      const at = occurrences(text, sent);
      if (at.some((i) => !inEcho(i))) return { named: true, where, as: sent };
      if (at.length > 0) seen.echo.push(sent);
    }
  }
  const field = spellPath(path);
  const [echo, other, longer] = [seen.echo, seen['other-path'], seen['longer-name']].map((l) => [...new Set(l)]) as [
    string[],
    string[],
    string[],
  ];
  if (echo.length > 0)
    return {
      named: false,
      why: 'echo',
      seen: echo,
      reason: `the error names ${field} only within an echo of the request body`,
    };
  if (other.length > 0)
    return {
      named: false,
      why: 'other-path',
      seen: other,
      reason: `the error names ${other.join(', ')}, not ${field}`,
    };
  if (longer.length > 0)
    return {
      named: false,
      why: 'longer-name',
      seen: longer,
      reason: `the error names ${longer.join(', ')}, a longer name than ${String(leaf)}`,
    };
  return { named: false, why: 'absent', seen: [], reason: `the error does not name ${field}` };
}
