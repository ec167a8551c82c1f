// Response bodies (spec 2.1, 2.4): compact or pretty JSON, with or without the envelope.
export type Reply =
  | { kind: 'entity'; status: number; body: object; headers?: Record<string, string> }
  | { kind: 'list'; body: object }
  | { kind: 'noContent' };

export const entity = (body: object, status = 200, headers?: Record<string, string>): Reply => ({ kind: 'entity', status, body, headers });
export const noContent = (): Reply => ({ kind: 'noContent' });

export const statusOf = (reply: Reply) => (reply.kind === 'entity' ? reply.status : reply.kind === 'list' ? 200 : 204);

export interface Presentation { pretty: boolean; envelope: boolean }

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

/** Spec 2.4: a single entity is wrapped in {status, content}; a list only gains `status`. */
function envelope(reply: Exclude<Reply, { kind: 'noContent' }>): object {
  return reply.kind === 'list' ? { ...reply.body, status: 200 } : { status: reply.status, content: reply.body };
}
