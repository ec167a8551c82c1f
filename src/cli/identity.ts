// Before any rule runs, once the target answered: is it the API the profile describes? Its root resource (spec 1:
// the API is browsable from there) must answer in the vendor's versioned media type (spec 9.2) with the links of
// spec 2.2. Otherwise every rule would judge something else, so the run stops and names the likely cause.
import type { HttpClient } from '../http/client.ts';
import type { HttpResponse } from '../http/messages.ts';
import { isObject } from '../judges/json-walk.ts';
import { relationsOf } from '../judges/links.ts';
import { versionedMediaType } from '../judges/versioned-media.ts';
import type { Profile } from '../profile/profile.ts';

export class WrongTarget extends Error {
  override readonly name = 'WrongTarget';
}

/** Vendor words looked for when the profile's answers nothing: the spec's and the real service's. */
const knownVendors = ['platform', 'atlas'];

export const rootPath = (vendor: string) => `/api/${vendor}/v2`;
const versionedAccept = (vendor: string, version: string) => `application/vnd.${vendor}.${version}+json`;

export function getRoot(client: HttpClient, vendor: string, version: string): Promise<HttpResponse> {
  return client.send({
    method: 'GET',
    path: rootPath(vendor),
    as: 'owner',
    headers: { accept: versionedAccept(vendor, version) },
  });
}

const is2xx = (res: HttpResponse) => res.status >= 200 && res.status < 300;
const contentType = (res: HttpResponse) => res.header('content-type') ?? '(no Content-Type)';

/** Another vendor word under which the root resource answers in its own versioned media type, if any. */
async function rootElsewhere(
  client: HttpClient,
  profile: Profile,
  words: string[],
): Promise<{ vendor: string; res: HttpResponse } | undefined> {
  for (const vendor of words) {
    const res = await getRoot(client, vendor, profile.versions.default).catch(() => undefined);
    if (res && is2xx(res) && versionedMediaType(res.header('content-type'))?.vendor === vendor) return { vendor, res };
  }
  return undefined;
}

/** Throws WrongTarget naming the likely cause unless `root`, the owner's GET of the root resource, shows the API. */
export async function checkIdentity(client: HttpClient, root: HttpResponse, profile: Profile): Promise<void> {
  const { vendor } = profile;
  const path = rootPath(vendor);
  const notTheApi = (why: string) =>
    new WrongTarget(`baseUrl ${profile.baseUrl} points at something that is not the API: ${why}`);
  const media = versionedMediaType(root.header('content-type'));
  if (!is2xx(root)) {
    const words = [...new Set([...(media ? [media.vendor] : []), ...knownVendors])].filter((w) => w !== vendor);
    const found = await rootElsewhere(client, profile, words);
    if (found) {
      throw new WrongTarget(
        `vendor '${vendor}' is wrong: GET ${path} answered ${root.status}, but ${rootPath(found.vendor)} answers as the root resource` +
          ` (${contentType(found.res)}): set the profile's vendor to '${found.vendor}'`,
      );
    }
    if (root.status === 406 || root.status === 410) {
      throw new WrongTarget(
        `versions.default '${profile.versions.default}' is refused: GET ${path} with Accept ${versionedAccept(vendor, profile.versions.default)} answered ${root.status}`,
      );
    }
    throw notTheApi(
      `GET ${path} answered ${root.status} (${contentType(root)}), and no root resource answers under the vendor words ${words.join(', ')} either`,
    );
  }
  if (media && media.vendor !== vendor) {
    throw new WrongTarget(
      `vendor '${vendor}' is wrong: the root resource ${path} answered in ${contentType(root)}, whose vendor word is '${media.vendor}'`,
    );
  }
  if (!media)
    throw notTheApi(
      `GET ${path} answered ${root.status} with ${contentType(root)}, not the versioned media type application/vnd.${vendor}.<date>+json`,
    );
  let body: unknown;
  try {
    body = JSON.parse(root.text);
  } catch {
    throw notTheApi(`GET ${path} answered ${root.status} with a body that is not JSON`);
  }
  if (!isObject(body) || !Array.isArray(body.links))
    throw notTheApi(`the root resource ${path} has no links array (spec 2.2: every entity has one)`);
  const relations = relationsOf(body, profile.links);
  const fields = [...new Set(body.links.filter(isObject).flatMap((l) => Object.keys(l)))];
  if (!relations.length && fields.length) {
    const { relField, hrefField } = profile.links;
    throw new WrongTarget(
      `links.relField '${relField}' or links.hrefField '${hrefField}' is wrong: the links of the root resource ${path} have the fields ${fields.join(', ')}`,
    );
  }
  if (!relations.some((r) => r.rel === 'self')) {
    throw notTheApi(
      `the links of the root resource ${path} have no self relation (spec 2.2)${relations.length ? `, only ${relations.map((r) => r.rel).join(', ')}` : ''}`,
    );
  }
}
