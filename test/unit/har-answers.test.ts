// A HAR file read as the client reads live answers: headers by lower-case name (a repeated one as an array),
// base64 bodies decoded, and entries without a whole answer left out.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HarError, readHar } from '../../src/har/har-answers.ts';

function harFile(entries: unknown[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'har-')), 'a.har');
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } }));
  return file;
}

const entry = (status: number, content: Record<string, unknown>, headers = [{ name: 'Link', value: '<a>' }]) => ({
  startedDateTime: '2026-01-01T00:00:00Z',
  time: 3,
  request: { method: 'GET', url: 'https://h/api/platform/v2/groups', headers: [] },
  response: { status, headers: [...headers, { name: 'link', value: '<b>' }], content },
});

describe('readHar', () => {
  it('reads status, headers and body bytes as the client gives them', () => {
    const body = Buffer.from('{"a":1}\n');
    const { answers, entries } = readHar(
      harFile([
        entry(200, {
          size: body.length,
          mimeType: 'application/json',
          text: body.toString('base64'),
          encoding: 'base64',
        }),
      ]),
    );
    expect(entries).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.headers.link).toEqual(['<a>', '<b>']);
    expect(answers[0]!.text).toBe('{"a":1}\n');
    expect(answers[0]!.exchange.request.url).toBe('https://h/api/platform/v2/groups');
  });

  it('leaves out an aborted entry and one whose body the archive does not hold whole', () => {
    const { answers, entries } = readHar(
      harFile([
        entry(0, { size: 0 }),
        entry(200, { size: 20 }),
        entry(200, { size: 20, text: '{"a":' }),
        entry(204, { size: 0 }),
      ]),
    );
    expect(entries).toBe(4);
    expect(answers.map((a) => a.status)).toEqual([204]);
  });

  it('names the field at fault in a file that is not an archive', () => {
    const file = harFile([{ request: {} }]);
    expect(() => readHar(file)).toThrow(HarError);
    expect(() => readHar(file)).toThrow(
      `${file}: not an HTTP Archive (HAR 1.2): log.entries.0.startedDateTime: required field is missing`,
    );
  });
});
