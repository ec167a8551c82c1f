// Spec 9.2: the media types of the versioned API. A request names its resource version in Accept as
// application/vnd.<vendor>.<yyyy-mm-dd>+json; what a response names is read from its Content-Type.

/** The version date a Content-Type names (parameters such as charset ignored), or undefined when it names none. */
export function namedVersion(contentType: string | undefined, vendor: string): string | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const m = /^application\/vnd\.([a-z0-9-]+)\.(\d{4}-\d{2}-\d{2})\+json$/.exec(type);
  return m && m[1] === vendor.toLowerCase() ? m[2] : undefined;
}
