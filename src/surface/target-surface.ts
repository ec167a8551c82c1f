// The run's one surface: read once from the document the profile's `surface.openapi` names (fetched from the
// target as the owner when it is a path there), else the profile's. A document that cannot be had or read is the
// profile's fact failing: the rules that need it err naming `surface.openapi`, and the target is not blamed.
import { once } from '../harness/per-run.ts';
import { describeExchange } from '../judges/status.ts';
import { ProfileFactError } from '../outcome.ts';
import type { Target } from '../target/target.ts';
import { locationOf } from '../profile/document-location.ts';
import { surfaceFromProfile } from './from-profile.ts';
import type { Surface } from './model.ts';
import { surfaceFromDocument } from './openapi.ts';

export const targetSurface = (t: Target): Promise<Surface> => once('surface', () => readSurface(t), { afresh: false });

async function readSurface(t: Target): Promise<Surface> {
  const openapi = t.profile.surface.openapi;
  if (!openapi) return surfaceFromProfile(t.profile);
  let document: object | string = openapi;
  if (locationOf(openapi) === 'target') {
    const res = await t.send({ method: 'GET', path: openapi, version: null, headers: { accept: 'application/json' } });
    let body: unknown;
    try {
      body = res.status === 200 ? res.json() : undefined;
    } catch {
      body = undefined;
    }
    if (typeof body !== 'object' || body === null)
      throw new ProfileFactError(
        'surface.openapi',
        `${describeExchange(res)}: the target does not serve the OpenAPI document the profile names`,
        res.exchange,
      );
    document = body;
  }
  try {
    return await surfaceFromDocument(document, t.profile.vendor, openapi);
  } catch (e) {
    throw new ProfileFactError('surface.openapi', `${openapi} is not an OpenAPI document: ${(e as Error).message}`);
  }
}
