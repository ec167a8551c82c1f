// Answers to writes (spec 4.1), for the rules that hold on every answer whatever its method (spec 2.1 dates and
// pretty, spec 2.4 envelope): one write of each method per resource kind of the writable surface, each sent with a
// query variant (none, envelope=true, pretty=true). POST makes an entity of the run's, and DELETE removes that one;
// PUT and PATCH send the entity's current values. The kinds take the two generations in turns from the run's seed
// (spec 9.4: /v1.0 serves the same resources), where both serve them. A malformed body adds an error answer (400).
import type { Tally } from '../../harness/coverage.ts';
import { isObject } from '../../judges/json-walk.ts';
import { describeExchange } from '../../judges/status.ts';
import type { HttpResponse } from '../../http/messages.ts';
import { TargetError } from '../../outcome.ts';
import { noteCreated, settleDelete, undoAccepted, type Created } from '../../target/created.ts';
import { runName } from '../../harness/run-name.ts';
import { judgeAll } from '../../harness/judge-all.ts';
import { findMarkedAlertConfig } from '../marked-alert-config.ts';
import { once } from '../../harness/per-run.ts';
import type { Target } from '../../target/target.ts';
import { withSharedSurface, type WritableResource } from './writes.ts';
import { caseGeneration, inGeneration } from '../resource-versions.ts';

export interface WriteAnswer {
  /** What was written and how: 'PATCH alert configuration', 'error: malformed POST'. */
  title: string;
  res: HttpResponse;
  /** The answer to a request made to be refused (a malformed body). */
  error?: true;
}

/** The value of `key` in a create's answer, also inside envelopes (whatever their depth): the new entity's id. */
function keyIn(t: Target, body: unknown, key: string): string | undefined {
  for (let v = body, depth = 0; isObject(v) && depth < 3; v = v[t.profile.envelope.contentField], depth++) {
    if (typeof v[key] === 'string') return v[key];
  }
  return undefined;
}

/** The resource kinds once each, in the first generation that serves them. */
function oneOfEachKind(resources: WritableResource[]): WritableResource[] {
  return resources.filter((r, i) => resources.findIndex((o) => o.title === r.title) === i);
}

async function answersOf(t: Target, query: Record<string, string>): Promise<WriteAnswer[]> {
  const variant = Object.keys(query).join('-') || 'plain';
  const answers: WriteAnswer[] = [];
  await withSharedSurface(t, `answers-${variant}`, async (resources) => {
    // The kinds one beside the other, each kind's writes in turn: they touch different entities.
    const configs = resources.find((r) => r.title === 'alert configuration');
    await Promise.all([
      ...oneOfEachKind(resources).map(async (r, i) => {
        const turn = caseGeneration(t.setup.seed, i);
        const generation = r.generations.includes(turn) ? turn : r.generations[0]!;
        for (const w of r.writes) {
          const at = inGeneration(t, generation, w.path);
          const res = await t.send({ method: w.method, ...at, query, json: w.body });
          answers.push({ title: `${w.method} ${r.title} (${generation})`, res });
          if (w.method !== 'POST' || res.status < 200 || res.status >= 300) continue;
          // The mark of a new alert configuration is its only name: found by it where the answer names no id.
          const named =
            keyIn(t, res.json(), r.key) ?? (typeof w.body[r.key] === 'string' ? (w.body[r.key] as string) : undefined);
          const key =
            named ??
            (r.title === 'alert configuration'
              ? await findMarkedAlertConfig(t, t.v2(w.path), runName(t, `answers-${variant}-new`))
              : undefined);
          if (!key) continue;
          // Noted under /v2, where the cleanup reads it; deleted in the generation that made it.
          const entry = `${w.path}/${encodeURIComponent(key)}`;
          const made: Created = noteCreated(t, t.v2(entry));
          const deleted = await t.send({ method: 'DELETE', ...inGeneration(t, generation, entry), query });
          answers.push({ title: `DELETE ${r.title} (${generation})`, res: settleDelete(t, made, deleted) });
        }
      }),
      (async () => {
        if (!configs) return;
        const res = await t.send({
          method: 'POST',
          path: t.v2(configs.collection),
          query,
          rawBody: '{"conformance":',
          headers: { 'content-type': t.mediaType(t.profile.versions.default) },
        });
        await undoAccepted(t, res, t.v2(configs.collection));
        answers.push({ title: 'error: malformed POST alert configuration', res, error: true });
      })(),
    ]);
  });
  return answers;
}

/** The write answers with `query` added, made once per run (afresh when a check runs again to confirm a failure). */
export function writeAnswers(t: Target, query: Record<string, string> = {}): Promise<WriteAnswer[]> {
  return once(`write-answers:${JSON.stringify(query)}`, () => answersOf(t, query));
}

/** Judges each answer to the writes sent with `query` (but refused ones unless `errors`) against the plain answer to
 * the same write. */
export async function judgeWriteVariant(
  tally: Tally,
  t: Target,
  query: Record<string, string>,
  judge: (variant: HttpResponse, plain: HttpResponse) => void,
  { errors = true } = {},
): Promise<void> {
  const plain = await writeAnswers(t);
  const variants = (await writeAnswers(t, query)).filter((a) => errors || !a.error);
  judgeAll(
    tally,
    'answer',
    variants,
    ({ title, res }) => {
      const twin = plain.find((a) => a.title === title);
      if (!twin)
        throw new TargetError(
          'nothing-judged',
          `${describeExchange(res)}: the plain call (${title}) gave no answer to compare with`,
          res.exchange,
        );
      judge(res, twin.res);
    },
    { place: ({ title }) => title },
  );
}
