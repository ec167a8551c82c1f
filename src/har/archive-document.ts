// The document the profile names (`surface.openapi`) for judging an archive, read without sending a request: a file
// as the parser reads it; a URL or a path on the target from the archive's own answer to it (a run reads a document
// on the target as the owner, so a recorded run holds it), or not read where the archive holds none.
import type { HttpResponse } from '../http/messages.ts';
import { locationOf } from '../profile/document-location.ts';
import type { Profile } from '../profile/profile.ts';
import type { DocumentReading } from '../surface/model.ts';
import { surfaceFromDocument } from '../surface/openapi.ts';

/** The archive's 200 answer to a GET of `url` with a JSON body, parsed; undefined where it holds none. */
function recordedDocument(url: string, answers: readonly HttpResponse[]): object | undefined {
  for (const a of answers) {
    const { request } = a.exchange;
    if (a.status !== 200 || request.method !== 'GET' || request.url.split('?')[0] !== url) continue;
    try {
      return JSON.parse(a.text) as object;
    } catch {}
  }
  return undefined;
}

/** What the profile's document says for the archive's answers under `baseUrl`; undefined where it names none. */
export async function archiveDocument(
  p: { vendor: string; surface: Pick<Profile['surface'], 'openapi'> },
  baseUrl: string,
  answers: readonly HttpResponse[],
): Promise<DocumentReading | undefined> {
  const openapi = p.surface.openapi;
  if (!openapi) return undefined;
  const location = locationOf(openapi);
  const at = location === 'target' ? `${baseUrl.replace(/\/$/, '')}${openapi}` : openapi;
  const document = location === 'file' ? openapi : recordedDocument(at, answers);
  if (document === undefined) return { unread: `the archive holds no answer of ${at}` };
  try {
    return await surfaceFromDocument(document, p.vendor, openapi);
  } catch (e) {
    return { unread: `${openapi} is not an OpenAPI document: ${(e as Error).message}` };
  }
}
