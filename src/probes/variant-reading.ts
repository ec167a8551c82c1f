// Rules about a variant of a response (pretty=true, envelope=true) compare it with the plain reading of the same URL.
// The plain reading at hand may be older (the crawl's), and other checks write meanwhile: a mismatch is judged again
// on a variant read between two plain readings that agree, read while the suite's own writes are held back, so
// that only the variant itself can be at fault. A URL that kept changing is left unjudged (not counted as judged).
import { isDeepStrictEqual } from 'node:util';
import { parsedBody } from '../judges/entities.ts';
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import type { Tally } from '../harness/coverage.ts';
import { isLegacy } from './pages.ts';
import { legacyRead } from './resource-versions.ts';
import type { Target } from '../target/target.ts';

const attempts = 3;

const sameReading = (a: HttpResponse, b: HttpResponse) =>
  a.status === b.status && isDeepStrictEqual(parsedBody(a), parsedBody(b));

/** Judges the reading of `plain`'s URL with `query` added against the plain reading, counted in `tally`; `judge`
 * throws RuleFailure. */
export async function judgeVariant(
  tally: Tally,
  t: Target,
  plain: HttpResponse,
  query: Record<string, string>,
  judge: (variant: HttpResponse, plain: HttpResponse) => void,
): Promise<void> {
  const url = plain.exchange.request.url;
  const place = new URL(url).pathname;
  // Under /v1.0 every reading is sent as the legacy generation is read.
  const as = isLegacy(t, url) ? legacyRead : {};
  try {
    judge(await t.get(url, { query, ...as }), plain);
    return tally.judged('variant reading', 1, place);
  } catch (e) {
    if (!(e instanceof RuleFailure)) throw e;
  }
  for (let i = 0; i < attempts; i++) {
    const [before, variant, after] = await t.writes.quietly(async () => [
      await t.get(url, as),
      await t.get(url, { query, ...as }),
      await t.get(url, as),
    ]);
    if (!sameReading(before, after)) continue;
    tally.judged('variant reading', 1, place);
    return judge(variant, before);
  }
}
