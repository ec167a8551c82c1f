// What one check ends with: its outcome and what it judged, as the harness records them and the report reads them.
import type { Exchange } from './exchange.ts';
import type { Status } from './outcome.ts';

export interface CheckOutcome {
  status: Exclude<Status, 'untested' | 'left-out'>;
  reason?: string;
  /** For a failure: what the rule expects and what the target did. */
  expected?: unknown;
  actual?: unknown;
  counterexample?: unknown;
  /** For an error: what went wrong (timeout, reset, invalid-json, tls, ...). */
  cause?: string;
  /** The exchange that shows the failure or error, and a curl line that reproduces it. */
  exchange?: Exchange;
  curl?: string;
  /** For a failure, and an error that began as one: whether the check failed again when run once more. */
  confirmed?: boolean;
  /** For a skip: the profile field that explains it. */
  fact?: string;
  /** What the check judged, in one line ("42 entities on 17 paths"). */
  coverage?: string;
}

export interface Covered {
  /** The kind of thing judged, singular: 'entity', 'list', 'generated case', 'answer'. */
  what: string;
  count: number;
  /** Distinct places (paths) the things were judged at; 0 when the check did not name places. */
  places: number;
}

function pluralWord(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return /(s|x|ch|sh)$/i.test(word) ? `${word}es` : `${word}s`;
}

/** What follows a kind's head noun and stays as it is: "date sent", "HEAD answer read raw", "create over the limit",
 * "empty list at depth 2", "HEAD answer compared with GET". */
const afterHead = / (sent|read raw|read back|over the limit|at depth \S+|after the turn|compared with GET)$/;

/** What a kind left unjudged ends with (src/harness/coverage.ts): "date sent not judged (the alert closed)". */
const unjudged = / not judged \(.*\)$/;

/** The kind in the plural: its head noun takes the plural, each of two joined by "or" ("entities or lists"). */
export function plural(what: string, n: number): string {
  if (n === 1) return what;
  const left = what.match(unjudged)?.[0];
  if (left) return `${plural(what.slice(0, -left.length), n)}${left}`;
  const cut = what.search(afterHead);
  const [head, rest] = cut < 0 ? [what, ''] : [what.slice(0, cut), what.slice(cut)];
  return `${head
    .split(' or ')
    .map((noun) => noun.replace(/\S+$/, pluralWord))
    .join(' or ')}${rest}`;
}

/** A noun with its indefinite article: "an alert configuration", "a project". */
export const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** One line for a report: "42 entities on 17 paths, 3 answers". */
export function describeCoverage(covered: readonly Covered[]): string {
  return covered
    .map(
      (c) =>
        `${c.count} ${plural(c.what, c.count)}${c.places > 0 ? ` on ${c.places} path${c.places === 1 ? '' : 's'}` : ''}`,
    )
    .join(', ');
}
