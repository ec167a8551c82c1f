// What the crawl cannot reach: the lists and entities of the read surface that nothing links to (performance advice,
// measurements, slow queries; on the real service also the events and alerts of a project), read under /v2 at the
// first instances of their contexts, so that the rules about every response reached judge them too (spec 2.1).
// A paged list is the page every list rule reads (`firstPage`); an entity under a context is read once per run.
import { TargetError } from '../../outcome.ts';
import { crawl, crawledPath, type Crawled } from '../crawl.ts';
import { sharedResponse } from '../shared-response.ts';
import type { Target } from '../../target/target.ts';
import { listInstances, listSurface } from './lists.ts';
import { firstPage } from './paged-lists.ts';

export interface UnlinkedReads {
  reached: Pick<Crawled, 'url' | 'res'>[];
  /** Reads the target's faults kept from an answer. */
  cut: TargetError[];
}

export async function unlinkedReads(t: Target): Promise<UnlinkedReads> {
  const crawled = new Set((await crawl()).responses.map(crawledPath));
  const unlinked = listInstances(await listSurface(t)).filter(({ path }) => !crawled.has(t.v2(path.split('?')[0])));
  const reads = await Promise.all(
    unlinked.map(async ({ list, path }) => {
      try {
        const res = list.paged
          ? await firstPage(t, { title: list.title, generation: 'v2', path: t.v2(path) })
          : await sharedResponse(`surface:${path}`, () => t.get(t.v2(path)));
        return { url: res.exchange.request.url, res };
      } catch (e) {
        if (e instanceof TargetError) return e;
        throw e;
      }
    }),
  );
  return {
    reached: reads.filter((r): r is Pick<Crawled, 'url' | 'res'> => !(r instanceof TargetError)),
    cut: reads.filter((r): r is TargetError => r instanceof TargetError),
  };
}
