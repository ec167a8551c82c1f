// The answers of an HTTP Archive (HAR 1.2), read as the client reads a live answer (src/http/messages.ts), so that
// the exchange rules judge recorded traffic as they judge a run's. The file's shape is checked against
// schemas/har.schema.json. An entry without an answer (status 0: aborted) or whose body was not recorded whole is
// not judged, as a transport fault or a body cut short is not in a run.
import { evidenceBodyLimit, type Exchange } from '../exchange.ts';
import { HttpResponse } from '../http/messages.ts';
import { JsonFileError, readJsonFile, schemaChecker } from '../json-file.ts';

export class HarError extends Error {
  override readonly name = 'HarError';
}

interface NameValue {
  name: string;
  value: string;
}

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: { method: string; url: string; headers: NameValue[]; postData?: { text?: string } };
  response: {
    status: number;
    headers: NameValue[];
    content: { size: number; text?: string; encoding?: string };
  };
}

const checkHar = schemaChecker(new URL('../../schemas/har.schema.json', import.meta.url));

/** Header lines as the client gives them: lower-case names, a repeated header as an array of its values. */
function headerRecord(lines: readonly NameValue[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const { name, value } of lines) {
    const key = name.toLowerCase();
    const had = out[key];
    out[key] = had === undefined ? value : [had, value].flat();
  }
  return out;
}

const joined = (h: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));

/** The body bytes of an entry, or undefined when the archive does not hold them whole. */
function bodyOf(entry: HarEntry): Buffer | undefined {
  const { content } = entry.response;
  if (content.text === undefined) return content.size > 0 ? undefined : Buffer.alloc(0);
  const raw = Buffer.from(content.text, content.encoding === 'base64' ? 'base64' : 'utf8');
  return content.size >= 0 && raw.length < content.size ? undefined : raw;
}

function answerOf(entry: HarEntry): HttpResponse | undefined {
  const raw = bodyOf(entry);
  if (entry.response.status <= 0 || raw === undefined) return undefined;
  const headers = headerRecord(entry.response.headers);
  const text = raw.toString('utf8');
  const exchange: Exchange = {
    request: {
      method: entry.request.method,
      url: entry.request.url,
      headers: joined(headerRecord(entry.request.headers)),
      ...(entry.request.postData?.text !== undefined ? { body: entry.request.postData.text } : {}),
    },
    response: {
      status: entry.response.status,
      headers,
      body: text.slice(0, evidenceBodyLimit) + (text.length > evidenceBodyLimit ? '…[truncated]' : ''),
      bodyBytes: raw.length,
    },
    startedAt: entry.startedDateTime,
    durationMs: entry.time,
  };
  return new HttpResponse(entry.response.status, headers, raw, exchange);
}

/** The answers of a HAR file that can be judged, and how many entries it holds in all. */
export function readHar(file: string): { answers: HttpResponse[]; entries: number } {
  let value: unknown;
  try {
    value = readJsonFile(file);
  } catch (e) {
    throw e instanceof JsonFileError ? new HarError(e.message) : e;
  }
  const problem = checkHar(value);
  if (problem) throw new HarError(`${file}: not an HTTP Archive (HAR 1.2): ${problem}`);
  const entries = (value as { log: { entries: HarEntry[] } }).log.entries;
  return { answers: entries.flatMap((e) => answerOf(e) ?? []), entries: entries.length };
}
