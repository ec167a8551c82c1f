// Spec 9.2: the media types of the versioned API. A request names its resource version in Accept as
// application/vnd.<vendor>.<yyyy-mm-dd>+json; what a response names is read from its Content-Type, whatever its
// structured-syntax suffix (RFC 6838 4.2.8): a download is application/vnd.<vendor>.<yyyy-mm-dd>+gzip or +csv.
import type { HttpResponse } from '../http/messages.ts';
import { RuleFailure } from '../outcome.ts';
import { essenceOf, hasRepresentation } from './media-type.ts';
import { describeExchange } from './status.ts';

/** The vendor word and version date of a versioned media type (parameters such as charset ignored), or undefined. */
export function versionedMediaType(contentType: string | undefined): { vendor: string; date: string } | undefined {
  const type = essenceOf(contentType);
  const m = /^application\/vnd\.([a-z0-9-]+)\.(\d{4}-\d{2}-\d{2})\+[a-z0-9!#$&^_.-]+$/.exec(type);
  return m ? { vendor: m[1]!, date: m[2]! } : undefined;
}

/** The version date a Content-Type names for this vendor, or undefined when it names none. */
export function namedVersion(contentType: string | undefined, vendor: string): string | undefined {
  const named = versionedMediaType(contentType);
  return named?.vendor === vendor.toLowerCase() ? named.date : undefined;
}

/** VER-RESPONSE-NAMES-VERSION: an answer with a body names, in its Content-Type, a version `fits` takes (`expected`
 * says which in the failure); an answer with no body has no media type to judge. */
export function checkNamesVersion(
  res: HttpResponse,
  vendor: string,
  fits: (named: string) => boolean,
  expected: string,
): void {
  if (!hasRepresentation(res)) return;
  const contentType = res.header('content-type');
  const named = namedVersion(contentType, vendor);
  if (named !== undefined && fits(named)) return;
  throw new RuleFailure(
    `${describeExchange(res)}: the answer ${named ? `names version ${named}` : 'names no version'}`,
    {
      expected,
      actual: contentType ?? null,
      exchange: res.exchange,
    },
  );
}
