// The run's one surface: read once from the document the profile's `surface.openapi` names (fetched from the
// target as the owner when it is a path there), else the profile's. A document the target does not serve (a 4xx, or
// the same answer that is not an object twice) or that cannot be read is the profile's fact failing: the rules that
// need it err naming `surface.openapi`, and the target is not blamed. A fault of the transport (a reset, a 5xx that
// persists, a body cut short) is the target's: the document is read once more, and a fault that repeats leaves the
// rule unjudged without being kept for the run, so that the next rule asks again.
import { once } from '../harness/per-run.ts';
import type { HttpResponse } from '../http/messages.ts';
import { otherType } from '../http/fault-signature.ts';
import { describeExchange } from '../judges/status.ts';
import { ProfileFactError, TargetError } from '../outcome.ts';
import type { Target } from '../target/target.ts';
import { locationOf } from '../profile/document-location.ts';
import { surfaceFromProfile } from './from-profile.ts';
import { IndexedSurface } from './indexed-surface.ts';
import type { DocumentReading, Surface } from './model.ts';
import { surfaceFromDocument } from './openapi.ts';

export function targetSurface(t: Target): Promise<IndexedSurface> {
  const slot = once('surface', (): { reading?: Promise<IndexedSurface> } => ({}), { afresh: false });
  slot.reading ??= readSurface(t)
    .then((s) => IndexedSurface.of(s))
    .catch((e: unknown) => {
      if (e instanceof TargetError) slot.reading = undefined;
      throw e;
    });
  return slot.reading;
}

/** The surface of the document the profile names, or why it could not be read; undefined where it names none. */
export async function documentReading(t: Target): Promise<DocumentReading | undefined> {
  if (!t.profile.surface.openapi) return undefined;
  try {
    return await targetSurface(t);
  } catch (e) {
    if (e instanceof ProfileFactError || e instanceof TargetError) return { unread: e.message };
    throw e;
  }
}

async function readSurface(t: Target): Promise<Surface> {
  const openapi = t.profile.surface.openapi;
  if (!openapi) return surfaceFromProfile(t.profile);
  const document = locationOf(openapi) === 'target' ? await servedDocument(t, openapi) : openapi;
  try {
    return await surfaceFromDocument(document, t.profile.vendor, openapi);
  } catch (e) {
    throw new ProfileFactError('surface.openapi', `${openapi} is not an OpenAPI document: ${(e as Error).message}`);
  }
}

/** One reading of the document: the document, or why the answer is not one. */
type Reading = { document: object } | { refused: ProfileFactError } | { fault: string; res: HttpResponse };

async function reading(t: Pick<Target, 'send'>, path: string): Promise<Reading> {
  const res = await t.send({ method: 'GET', path, version: null, headers: { accept: 'application/json' } });
  if (res.status !== 200) {
    const message = `${describeExchange(res)}: the target does not serve the OpenAPI document the profile names`;
    return { refused: new ProfileFactError('surface.openapi', message, res.exchange) };
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return { fault: 'a body that is not JSON', res };
  }
  const type = otherType(body);
  return type ? { fault: type, res } : { document: body as object };
}

/** The document the target serves at `path`, read a second time after an answer that shows a fault: an answer that
 * is not an object twice alike is what the path serves, not a fault. */
export async function servedDocument(t: Pick<Target, 'send'>, path: string): Promise<object> {
  const first = await reading(t, path).catch((e: unknown) => {
    if (e instanceof TargetError) return e;
    throw e;
  });
  if ('document' in first) return first.document;
  if ('refused' in first) throw first.refused;
  const second = await reading(t, path);
  if ('document' in second) return second.document;
  if ('refused' in second) throw second.refused;
  const said = `${describeExchange(second.res)} with ${second.fault}`;
  if ('fault' in first && first.fault === second.fault)
    throw new ProfileFactError('surface.openapi', `${said}, twice: not an OpenAPI document`, second.res.exchange);
  const before = 'fault' in first ? `${describeExchange(first.res)} with ${first.fault}` : first.message;
  throw new TargetError('transport', `${said}, after ${before}`, second.res.exchange);
}
