// Response bodies (spec 2.1, 2.4): compact or pretty JSON, with or without the envelope.
import type { Mutants } from './mutants.ts';

export type Reply =
  | { kind: 'entity'; status: number; body: object; headers?: Record<string, string> }
  | { kind: 'list'; body: object }
  | { kind: 'noContent' };

export const entity = (body: object, status = 200, headers?: Record<string, string>): Reply => ({
  kind: 'entity',
  status,
  body,
  headers,
});
export const noContent = (): Reply => ({ kind: 'noContent' });

export const statusOf = (reply: Reply) => (reply.kind === 'entity' ? reply.status : reply.kind === 'list' ? 200 : 204);

export interface Presentation {
  pretty: boolean;
  envelope: boolean;
}

/** `pretty` and `envelope` are available on any request (spec 4.2). */
export function presentationOf(query: URLSearchParams): Presentation {
  return { pretty: query.get('pretty') === 'true', envelope: query.get('envelope') === 'true' };
}

/** The body text of a reply, or undefined when it has none. */
export function renderBody(reply: Reply, presentation: Presentation): string | undefined {
  if (reply.kind === 'noContent') return undefined;
  const body = presentation.envelope ? envelope(reply) : reply.body;
  return presentation.pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body);
}

/** The body text of a successful reply to a request (its method, and whether it is under /v1.0). */
export function renderReply(
  reply: Reply,
  presentation: Presentation,
  mutants: Mutants,
  request: { method: string; legacy: boolean },
): string | undefined {
  // Mutant: a list carries the envelope's status even when no envelope was asked for; or only under /v1.0.
  let envelope =
    presentation.envelope ||
    (reply.kind === 'list' &&
      (mutants.has('ENV-DEFAULT-NONE') || (request.legacy && mutants.has('ENV-DEFAULT-NONE:legacy'))));
  // Mutant: under /v1.0 a list ignores envelope=true and carries no status.
  if (reply.kind === 'list' && request.legacy && mutants.has('ENV-LIST-STATUS:legacy')) envelope = false;
  // Mutant: the answer to a PATCH ignores pretty=true; or, under /v1.0, the answer to any write.
  if (
    (request.method === 'PATCH' && mutants.has('ENT-PRETTY:patch')) ||
    (request.legacy && request.method !== 'GET' && mutants.has('ENT-PRETTY:legacy-write'))
  )
    presentation = { ...presentation, pretty: false };
  let shown = reply;
  // Mutant: under envelope=true the answer to a PATCH is wrapped twice.
  if (
    reply.kind === 'entity' &&
    request.method === 'PATCH' &&
    presentation.envelope &&
    mutants.has('ENV-SINGLE-WRAP:patch')
  )
    shown = { ...reply, body: { status: reply.status, content: reply.body } };
  // Mutant: a list is wrapped like a single entity.
  else if (reply.kind === 'list' && mutants.has('ENV-LIST-STATUS')) shown = entity(reply.body);
  // Mutant: the envelope of a created entity says 200.
  else if (reply.kind === 'entity' && reply.status === 201 && mutants.has('ENV-SINGLE-WRAP'))
    shown = { ...reply, status: 200 };
  // Mutant: an entity's envelope also carries the entity's links beside the status and the content.
  const text =
    envelope && shown.kind === 'entity' && mutants.has('ENV-SINGLE-WRAP:links')
      ? renderBody(
          entity({ status: shown.status, content: shown.body, links: (shown.body as { links?: unknown }).links }),
          {
            ...presentation,
            envelope: false,
          },
        )
      : renderBody(shown, { ...presentation, envelope });
  // Mutant: a list body ends with a newline.
  return text !== undefined && reply.kind === 'list' && !presentation.pretty && mutants.has('ENT-COMPACT-WHITESPACE')
    ? `${text}\n`
    : text;
}

/** Spec 2.4: a single entity is wrapped in {status, content}; a list only gains `status`. */
function envelope(reply: Exclude<Reply, { kind: 'noContent' }>): object {
  return reply.kind === 'list' ? { ...reply.body, status: 200 } : { status: reply.status, content: reply.body };
}
