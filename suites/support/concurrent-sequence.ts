// Creates and deletes of custom database roles sent at once: fast-check's scheduler (fc.scheduledModelRun) orders
// their starts, and none waits for another's answer (the answers are awaited after the last has started). Their answers and the roles the project then holds must be
// those of some serial order of the same requests (suites/support/serial-orders.ts).
import fc from 'fast-check';
import { expectJudgeable } from '../../src/harness/judged-answers.ts';
import { describeExchange } from '../../src/judges/status.ts';
import type { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure, TargetError } from '../../src/outcome.ts';
import { forAll } from '../../src/harness/property.ts';
import { maxCommands, sequenceCount, type Session } from '../../src/probes/sequence.ts';
import { serialOrder, type Outcome, type Step } from './serial-orders.ts';
import type { Target } from '../../src/target/target.ts';

/** Names a batch works on: one, so that its requests meet on it. */
const nameCount = 1;

interface Started {
  op: Step['op'];
  name: string;
  answer: Promise<HttpResponse>;
}

/** The requests of one batch as they are started. */
class Batch {
  readonly started: Started[] = [];
  constructor(
    readonly s: Session,
    readonly scheduler: fc.Scheduler,
    readonly names: string[],
  ) {}
  path(name: string): string {
    return `${this.s.kind.collection(this.s.t, this.s.project)}/${encodeURIComponent(name)}`;
  }
}

class Start implements fc.AsyncCommand<object, Batch> {
  constructor(
    readonly op: Step['op'],
    readonly slot: number,
  ) {}
  check = () => true;
  async run(_m: object, b: Batch): Promise<void> {
    const name = b.names[this.slot]!;
    const { s } = b;
    const sent =
      this.op === 'create'
        ? s.send({ method: 'POST', path: s.t.v2(s.kind.collection(s.t, s.project)), json: s.kind.body(s.t, name) })
        : s.send({ method: 'DELETE', path: s.t.v2(b.path(name)) });
    // Noted as soon as it is answered 2xx, so that it is deleted at the end whatever else happens.
    const answer = sent.then((res) => {
      if (this.op === 'create' && res.status < 300) s.note(b.path(name));
      return res;
    });
    // Awaited in turn after the batch; one that fails before the others are awaited must not go unhandled meanwhile.
    answer.catch(() => undefined);
    b.started.push({ op: this.op, name, answer });
  }
  toString = () => `${this.op}(name ${this.slot})`;
}

const outcomes: Record<number, Outcome> = {
  200: 'done',
  201: 'done',
  202: 'done',
  204: 'done',
  404: 'missing',
  409: 'conflict',
};

/** How many roles of each name the project holds, read as one list (a name held twice shows twice). */
async function heldNames(b: Batch): Promise<Map<string, number>> {
  const { s } = b;
  const p = s.t.profile.paging;
  const res = await s.send({
    method: 'GET',
    path: s.t.v2(s.kind.collection(s.t, s.project)),
    query: { [p.itemsPerPageParam]: p.maxItemsPerPage },
  });
  s.need(res, [200], 'the roles of the project are listed');
  const results = res.jsonObject()[p.resultsField];
  if (!Array.isArray(results) || results.length >= p.maxItemsPerPage)
    throw new TargetError(
      'nothing-judged',
      `${describeExchange(res)}: the roles are not read whole on one page`,
      res.exchange,
    );
  const names = results.map((r) => (r as Record<string, unknown>)?.[s.kind.key]);
  return new Map(b.names.map((n) => [n, names.filter((x) => x === n).length]));
}

/** One batch: the roles of `before` (slots) made one by one, then the commands sent at once, then the judgement. */
async function runBatch(b: Batch, before: number[], cmds: Iterable<fc.AsyncCommand<object, Batch>>): Promise<void> {
  const { s } = b;
  try {
    for (const slot of before) {
      const name = b.names[slot]!;
      const res = await s.send({
        method: 'POST',
        path: s.t.v2(s.kind.collection(s.t, s.project)),
        json: s.kind.body(s.t, name),
      });
      s.need(res, [201], 'a custom database role is created before the batch');
      s.note(b.path(name));
    }
    await fc.scheduledModelRun(b.scheduler, () => ({ model: {}, real: b }), cmds);
    const steps: Step[] = [];
    for (const st of b.started) {
      const res = await st.answer;
      expectJudgeable(s.tally, res, `a ${st.op} sent at once with others is answered`);
      const outcome = outcomes[res.status];
      if (!outcome)
        throw new TargetError(
          'unexpected-status',
          `${describeExchange(res)}: not an answer a ${st.op} of a role gets`,
          res.exchange,
        );
      steps.push({ op: st.op, name: st.name, outcome });
    }
    const end = await heldNames(b);
    const startNames = new Set(before.map((slot) => b.names[slot]!));
    if (steps.length > 0 && !serialOrder(steps, startNames, end)) {
      const answered = steps.map((st) => `${st.op} ${st.name}: ${st.outcome}`).join('; ');
      const held = [...end].map(([n, k]) => `${n} ×${k}`).join(', ');
      throw new RuleFailure(
        `no serial order of the requests sent at once gives their answers (${answered}) and the roles then held (${held})`,
        {
          expected: 'the answers and roles of one serial order',
          actual: { answers: answered, held },
          exchange: b.started.at(-1) && (await b.started.at(-1)!.answer).exchange,
        },
      );
    }
    s.tally.judged('concurrent batch', 1, s.project);
    // A name held twice (a failure) is deleted as often as it is held.
    for (const [name, k] of end) for (let extra = 1; extra < k; extra++) await s.remove(b.path(name));
  } finally {
    await s.close();
  }
}

/** Runs batches of creates and deletes sent at once; the number of batches and their length follow the sequences'. */
export async function forAllBatches(t: Target, open: () => Session): Promise<void> {
  const start = fc
    .tuple(fc.constantFrom<Step['op']>('create', 'create', 'delete'), fc.nat({ max: nameCount - 1 }))
    .map(([op, slot]) => new Start(op, slot));
  const batch = fc.tuple(
    fc.scheduler(),
    // A request alone meets no other: every batch holds two at least, so that every run judges one.
    fc.array(start, { minLength: 2, maxLength: Math.ceil(maxCommands / 2), size: 'max' }),
    fc.subarray([...Array(nameCount).keys()]),
  );
  const names = (s: Session) => Array.from({ length: nameCount }, () => s.newName());
  await forAll(
    t,
    batch,
    async ([scheduler, cmds, before]) => {
      const s = open();
      await runBatch(new Batch(s, scheduler, names(s)), before, cmds);
    },
    {
      numRuns: sequenceCount(t),
      show: async ([scheduler, cmds, before]) => {
        const s = open();
        await runBatch(new Batch(s, scheduler, names(s)), before, cmds).catch(() => undefined);
        return {
          text: `[made first: ${before.map((n) => `name ${n}`).join(', ') || 'none'}; at once: ${cmds.join(', ')}; ${String(scheduler)}]`,
          counterexample: s.script(
            'the roles made first, then the requests sent at once, in the order they were answered',
          ),
        };
      },
    },
  );
}
