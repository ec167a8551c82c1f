// Sequences of requests checked against a model of what the spec promises (fast-check model-based testing): a
// failure shows the shrunk sequence as a runnable curl script, with the seed and path that replay it. Every entity a
// sequence creates is noted at once and deleted when the sequence ends, also when it fails.
import fc from 'fast-check';
import type { CheckContext } from '../harness/check.ts';
import type { Tally } from '../harness/coverage.ts';
import { describeExchange } from '../judges/status.ts';
import type { HttpResponse } from '../http/messages.ts';
import type { Exchange } from '../exchange.ts';
import { curlLine } from '../http/curl-line.ts';
import { notApplicableFor, RuleFailure, TargetError } from '../outcome.ts';
import { deleteCreated, noteCreated, type Created } from '../target/created.ts';
import { runName } from '../harness/run-name.ts';
import { legacyRead } from './resource-versions.ts';
import { perRun } from '../harness/per-run.ts';
import { forAll } from '../harness/property.ts';
import type { ApiRequest, Target } from '../target/target.ts';
import type { JsonObject } from '../judges/json-walk.ts';
import { alertConfigBody, customRoleBody, needRefused } from './new-entities.ts';

/** A kind of entity sequences create: where its list is, what a create sends, which field names it in its path. */
export interface Kind {
  title: string;
  /** The field of a created entity that its path ends with. */
  key: string;
  /** The list path below the API base (`/groups/{id}/...`). */
  collection(t: Target, project: string): string;
  body(t: Target, name: string): JsonObject;
}

export const alertConfigKind: Kind = {
  title: 'alert configuration',
  key: 'id',
  collection: (_t, project) => `/groups/${project}/alertConfigs`,
  body: (_t, name) => alertConfigBody(name),
};

export const customRoleKind: Kind = {
  title: 'custom database role',
  key: 'roleName',
  collection: (t, project) => {
    const template = t.profile.endpoints.customDbRoles;
    if (!template)
      notApplicableFor('endpoints.customDbRoles', 'the profile says the target offers no custom database roles');
    return template.replace('{groupId}', project);
  },
  body: (_t, name) => customRoleBody(name),
};

/** One entity of a sequence, as the model holds it. */
export interface Entity {
  name: string;
  /** Its path below the API base; its answer to the create names it. */
  path: string;
  id: unknown;
  /** Fields the writes sent, as they must read back: the create's body, then a PUT's, with each PATCH merged in. */
  sent: JsonObject;
  /** The entity as last read, while only PATCHes followed (a PUT may fill what it left out with defaults). */
  read?: JsonObject;
  /** Fields PATCHed since it was last read. */
  patched: string[];
  /** The APIs (`v2`, `v1.0`) it was read under since its last write: a read there again would repeat the answer. */
  seen: string[];
  gone: boolean;
}

export interface Model {
  entities: Entity[];
  /** Writes sent so far. */
  writes: number;
  /** The writes sent when each reading of the list (`list v2`, `count v1.0`) was last taken: taken again with no
   * write between, it would repeat the answer. */
  readings: Record<string, number>;
}

/** Names of the sequences' entities: new for every create of the run. */
const counter = perRun(() => ({ next: 0 }));

/** The requests of one sequence, the entities it made, and the rule its checks judge. */
export class Session {
  readonly exchanges: Exchange[] = [];
  private readonly made = new Map<string, Created>();

  readonly t: Target;
  /** Where the check that runs the sequences counts what they judged. */
  readonly tally: Tally;
  readonly rule: string;

  constructor(
    ctx: CheckContext,
    readonly kind: Kind,
    readonly project: string,
  ) {
    this.t = ctx.target;
    this.tally = ctx.tally;
    this.rule = ctx.rule;
  }

  /** A path below the API base under the versioned API, or the legacy one. */
  url(path: string, legacy: boolean): string {
    return legacy ? this.t.legacy(path) : this.t.v2(path);
  }

  async send(req: ApiRequest, legacy = false): Promise<HttpResponse> {
    // The legacy API is unversioned: it is sent plain JSON.
    const res = await this.t.send(legacy ? { ...req, ...legacyRead } : req);
    this.exchanges.push(res.exchange);
    return res;
  }

  newName(): string {
    return runName(this.t, `q${counter().next++}`);
  }

  /** Notes an entity that exists at `path` (below the API base) for deletion. */
  note(path: string): void {
    this.made.set(path, noteCreated(this.t, this.t.v2(path)));
  }

  /** Deletes an entity the sequence made. */
  async remove(path: string): Promise<HttpResponse> {
    const res = await deleteCreated(this.t, this.made.get(path) ?? { path: this.t.v2(path), as: 'owner' });
    this.exchanges.push(res.exchange);
    if (res.status < 300 || res.status === 404) this.made.delete(path);
    return res;
  }

  /** Deletes what the sequence left; the run's cleanup retries whatever this could not delete. */
  async close(): Promise<void> {
    for (const c of this.made.values()) await deleteCreated(this.t, c).catch(() => undefined);
  }

  /** The target broke `rule`: a failure when the session judges it, else the sequence cannot go on (unjudged). */
  broke(rule: string, message: string, details: { expected?: unknown; actual?: unknown; res: HttpResponse }): never {
    if (rule === this.rule)
      throw new RuleFailure(message, {
        expected: details.expected,
        actual: details.actual,
        exchange: details.res.exchange,
      });
    throw new TargetError('unexpected-status', `${message} (judged by ${rule})`, details.res.exchange);
  }

  /** An answer the sequence needs to go on (a create, a delete): anything else leaves the rule unjudged, and a body
   * of the suite's refused as invalid is the suite's error. */
  need(res: HttpResponse, statuses: number[], what: string): void {
    if (statuses.includes(res.status)) return;
    const refused = needRefused(res);
    throw refused instanceof TargetError
      ? new TargetError('unexpected-status', `${describeExchange(res)}: ${what}`, res.exchange)
      : refused;
  }

  /** The requests as a shell script that sends them again, in the order they were answered. */
  script(comment = 'the shrunk sequence as sent (ids are those the target gave then)'): string {
    const tls = {
      caFile: this.t.profile.tls.caFile,
      insecure: this.t.profile.tls.insecure || this.t.setup.caPem !== undefined,
    };
    return ['#!/bin/sh', `# ${comment}`, ...this.exchanges.map((e) => curlLine(e.request, tls))].join('\n');
  }
}

export type SequenceCommand = fc.AsyncCommand<Model, Session>;

/** Sequences per check: one per 10 cases of --num-runs, at least four. */
export const sequenceCount = (t: Target) => Math.max(4, Math.ceil(t.setup.numRuns / 10));

/** Commands per sequence, at most. */
export const maxCommands = 10;

/** The commands of a sequence up to the last that `judges` the rule: those after it would only make and delete
 * entities that no request of the sequence reads again. */
export function untilLastJudging<C>(cmds: C[], judges: (c: C) => boolean): C[] {
  let end = cmds.length;
  while (end > 0 && !judges(cmds[end - 1]!)) end--;
  return cmds.slice(0, end);
}

/** A command's name: its display up to its arguments (`list(2 per page, v2)` is `list`). */
export const commandName = (c: SequenceCommand) => String(c).replace(/\(.*$/s, '');

/** How a sequence ends: at its last command named in `upTo` (the commands whose answers, or whose effects `last`
 * reads, judge the rule; a sequence without one is not run), then `last` (what checks the state it leaves). `cover`
 * is the sequence tried first: it reaches every command of `upTo`, so that however few the sequences drawn, the
 * rule is judged. */
export interface SequenceEnd {
  upTo: string[];
  last?: SequenceCommand[];
  cover: SequenceCommand[];
}

/** Runs sequences of `commands` against a fresh model each, after `first` (the entities each sequence starts with) and
 * up to their `end`; a failing sequence is shrunk, then replayed for its script. */
export async function forAllSequences(
  t: Target,
  open: () => Session,
  first: SequenceCommand[],
  commands: fc.Arbitrary<SequenceCommand>[],
  { upTo, last = [], cover }: SequenceEnd,
): Promise<void> {
  const judged = (cmds: Iterable<SequenceCommand>) => untilLastJudging([...cmds], (c) => upTo.includes(commandName(c)));
  const run = async (cmds: SequenceCommand[], session: Session) => {
    if (cmds.length === 0) return;
    try {
      const model: Model = { entities: [], writes: 0, readings: {} };
      for (const c of first) await c.run(model, session);
      await fc.asyncModelRun(() => ({ model, real: session }), cmds);
      for (const c of last) if (c.check(model)) await c.run(model, session);
    } finally {
      await session.close();
    }
  };
  await forAll(t, fc.commands(commands, { maxCommands, size: 'max' }), (cmds) => run(judged(cmds), open()), {
    numRuns: sequenceCount(t),
    covering: [cover],
    show: async (cmds) => {
      const session = open();
      await run(judged(cmds), session).catch(() => undefined);
      return {
        text: `[${[...first, ...judged(cmds), ...last].map(String).join(', ')}]`,
        counterexample: session.script(),
      };
    },
  });
}
