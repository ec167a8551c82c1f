// The requests of spec 5's authentication rules (missing authentication, wrong credentials: 401) beyond their fixed
// probes: every method (GET, HEAD, POST, PUT, PATCH, DELETE) under both generations, each on a path of the method
// surface that serves it, drawn with the run's seed (a sample: refused requests count against the rate limit). The
// writes name nothing that exists (an entity path ends with an id no entity has) or carry an empty body, so a target
// that lets one through changes nothing; an empty create it takes is deleted at once. Each is sent once per run
// without authentication, and its challenge answered with a wrong private key; or with a bearer token the target
// never issued.
import { answerableChallenges } from '../../src/judges/digest-challenge.ts';
import { chooseChallenge } from '../../src/http/digest.ts';
import type { HttpResponse } from '../../src/http/messages.ts';
import { wrongDigestAnswer } from '../../src/http/digest-answers.ts';
import { methodSurface, type MethodPath } from '../../src/probes/surface/methods.ts';
import { generations, type Generation } from '../../src/generation.ts';
import { sharedResponse } from '../../src/probes/shared-response.ts';
import { undoAccepted } from '../../src/target/created.ts';
import { digestUri, keyPair, sendAuthorized } from '../../src/target/credentials.ts';
import { seededBytes } from '../../src/target/run-setup.ts';
import type { ApiRequest, Target } from '../../src/target/target.ts';

export interface SampledRequest {
  /** What it is, e.g. 'PATCH one of the alert configurations (v1.0)'. */
  title: string;
  method: string;
  generation: Generation;
  request: Omit<ApiRequest, 'as'>;
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The paths of the surface a method can be sent to harmlessly: reads anywhere, creates to collections (of
 * clusters only where billable creates are allowed: the client's guard refuses them otherwise), the other writes to
 * entities inside a project only. */
function candidates(t: Target, paths: MethodPath[], method: (typeof methods)[number]): MethodPath[] {
  if (method === 'GET' || method === 'HEAD') return paths.filter((p) => p.supported.includes('GET'));
  if (method === 'POST')
    return paths.filter(
      (p) => p.supported.includes('POST') && !p.entity && (t.profile.allowBillable || !/\/clusters$/.test(p.path)),
    );
  // Not a project: an id no project has is outside the run's scope.
  return paths.filter(
    (p) => p.supported.includes(method) && p.entity && !p.path.includes('?') && !/^\/groups\/[^/]+$/.test(p.path),
  );
}

/** The index the run's seed draws for `what` among `n`. */
const drawn = (t: Target, what: string, n: number) => seededBytes(t.setup, what).readUInt32BE(0) % n;

/** One request per method and generation, on a path of the surface drawn with the run's seed. */
export async function credentialSample(t: Target): Promise<SampledRequest[]> {
  const paths = await methodSurface(t, async () => undefined);
  return methods.flatMap((method) => {
    const fit = candidates(t, paths, method);
    if (fit.length === 0) return [];
    return generations.map((generation) => {
      const p = fit[drawn(t, `${method} ${generation}`, fit.length)]!;
      const below = method === 'GET' || method === 'HEAD' || method === 'POST' ? p.path : missingEntity(p.path);
      const path = generation === 'v2' ? t.v2(below) : t.legacy(below);
      const json = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? {} : { json: {} };
      return {
        title: `${method} ${p.title}${below === p.path ? '' : ' (an id no entity has)'} (${generation})`,
        method,
        generation,
        request: { method, path, ...json, ...(generation === 'v1.0' ? { version: null } : {}) },
      };
    });
  });
}

/** The entity path with its last segment an id no entity has. */
const missingEntity = (path: string) => `${path.slice(0, path.lastIndexOf('/'))}/${'f'.repeat(24)}`;

/** The request sent without authentication, once per run; an empty create taken is deleted at once. */
export function unauthenticatedAnswer(t: Target, r: SampledRequest): Promise<HttpResponse> {
  return sharedResponse(`auth:sample:missing:${r.title}`, async () => {
    const res = await t.send({ ...r.request, as: null });
    if (r.method === 'POST') await undoAccepted(t, res, r.request.path);
    return res;
  });
}

/** The request with the challenge of its unauthenticated answer answered with a wrong private key for the owner's
 * public key; undefined when that answer offers no challenge to answer (AUTH-MISSING-401 and AUTH-DIGEST-CHALLENGE
 * judge that). */
export async function wrongKeyAnswer(t: Target, r: SampledRequest): Promise<HttpResponse | undefined> {
  const first = await unauthenticatedAnswer(t, r);
  const challenge = first.status === 401 ? chooseChallenge(answerableChallenges(first)) : undefined;
  if (!challenge) return undefined;
  const answer = wrongDigestAnswer(
    'wrong-private-key',
    challenge,
    keyPair(t, 'owner'),
    r.method,
    digestUri(t, r.request.path),
  );
  const res = await sendAuthorized(t, 'owner', r.request, answer);
  if (r.method === 'POST') await undoAccepted(t, res, r.request.path);
  return res;
}

/** The request with `authorization` (a bearer token the target never issued) and no credential of the profile; an
 * empty create taken is deleted at once. */
export async function badTokenAnswer(t: Target, r: SampledRequest, authorization: string): Promise<HttpResponse> {
  const res = await t.send({ ...r.request, as: null, headers: { ...r.request.headers, authorization } });
  if (r.method === 'POST') await undoAccepted(t, res, r.request.path);
  return res;
}
