// The real service's words in bodies: the spec writes `db` where the real service says `mongoDB` or `mongo`
// (the reverse of the vendor-word mapping of the fixtures' enum lists), and the real service names a slow query's
// execution time, in milliseconds, without its unit, which spec 2.1 asks a name to make unambiguous. Handlers and
// fixtures keep the spec's words; under the vendor word `atlas` bodies are translated at the boundary, so one
// fixture serves both modes.

/** Field names: the spec's, and the real service's. */
const FIELDS: Record<string, string> = {
  dbVersion: 'mongoDBVersion',
  dbMajorVersion: 'mongoDBMajorVersion',
  dbURI: 'mongoURI',
  dbURIUpdated: 'mongoURIUpdated',
  dbURIWithOptions: 'mongoURIWithOptions',
  operationExecutionTimeMillis: 'operationExecutionTime',
};
/** URL schemes of connection strings. */
const SCHEMES: [neutral: string, real: string][] = [
  ['db://', 'mongodb://'],
  ['db+srv://', 'mongodb+srv://'],
];

export interface Vocabulary {
  /** A response body in the client's words. */
  toClient(body: unknown): unknown;
  /** A request body in the spec's words. */
  fromClient(body: unknown): unknown;
}

const REAL_VENDORS = new Set(['atlas']);

/** The prefix of extension link relations: the real service's fixed one, or one naming the vendor word. */
export const relationPrefix = (vendor: string) =>
  REAL_VENDORS.has(vendor) ? 'https://cloud.mongodb.com/' : `https://cloud.${vendor}.example/`;
const sameWords: Vocabulary = { toClient: (body) => body, fromClient: (body) => body };

export function vocabularyOf(vendor: string): Vocabulary {
  if (!REAL_VENDORS.has(vendor)) return sameWords;
  const reverse = Object.fromEntries(Object.entries(FIELDS).map(([neutral, real]) => [real, neutral]));
  return {
    toClient: (body) => translate(body, FIELDS, (text) => rescheme(text, 0, 1)),
    fromClient: (body) => translate(body, reverse, (text) => rescheme(text, 1, 0)),
  };
}

function rescheme(text: string, from: 0 | 1, to: 0 | 1): string {
  const scheme = SCHEMES.find((pair) => text.startsWith(pair[from]));
  return scheme ? scheme[to] + text.slice(scheme[from].length) : text;
}

function translate(value: unknown, names: Record<string, string>, text: (s: string) => string): unknown {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((item) => translate(item, names, text));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      Object.hasOwn(names, key) ? names[key] : key,
      translate(item, names, text),
    ]),
  );
}
