// Judging an archive reads the document the profile names without sending a request: a file as the parser reads
// it, a URL or a path on the target from the archive's own answer to it; where it cannot, it says why.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { archiveDocument } from '../../src/har/archive-document.ts';
import { HttpResponse } from '../../src/http/messages.ts';

const base = 'https://api.example.test';
const document = {
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: { '/api/platform/v2/status': { get: { security: [], responses: {} } } },
};

function answer(url: string, status: number, body: string): HttpResponse {
  const headers = { 'content-type': 'application/json' };
  const exchange = {
    request: { method: 'GET', url, headers: {} },
    response: { status, headers, body, bodyBytes: Buffer.byteLength(body) },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  };
  return new HttpResponse(status, headers, Buffer.from(body), exchange);
}

const profile = (openapi?: string) => ({
  vendor: 'platform',
  surface: openapi ? { openapi } : {},
});
const open = (r: Awaited<ReturnType<typeof archiveDocument>>) =>
  r && 'operations' in r ? r.operations.filter((o) => o.unauthenticated).map((o) => o.template) : r;

it("reads a document on the target from the archive's answer to it, the 200 among its answers", async () => {
  const at = `${base}/api/platform/openapi.json`;
  const answers = [answer(at, 503, ''), answer(`${at}?x=1`, 200, JSON.stringify(document))];
  expect(open(await archiveDocument(profile('/api/platform/openapi.json'), base, answers))).toEqual(['/status']);
});

it('reads a document the profile names by URL from the archive too, never from the network', async () => {
  const url = 'https://docs.example.test/openapi.json';
  expect(open(await archiveDocument(profile(url), base, [answer(url, 200, JSON.stringify(document))]))).toEqual([
    '/status',
  ]);
  expect(await archiveDocument(profile(url), base, [])).toEqual({ unread: `the archive holds no answer of ${url}` });
});

it('says why where the archive holds no answer of it, or the file is no document; nothing where none is named', async () => {
  const at = `${base}/api/platform/openapi.json`;
  expect(await archiveDocument(profile('/api/platform/openapi.json'), base, [answer(at, 404, '{}')])).toEqual({
    unread: `the archive holds no answer of ${at}`,
  });
  const dir = mkdtempSync(join(tmpdir(), 'archive-document-'));
  writeFileSync(join(dir, 'doc.json'), JSON.stringify(document));
  writeFileSync(join(dir, 'not.json'), 'a page, not a document');
  expect(open(await archiveDocument(profile(join(dir, 'doc.json')), base, []))).toEqual(['/status']);
  const bad = await archiveDocument(profile(join(dir, 'not.json')), base, []);
  expect(bad && 'unread' in bad && bad.unread.startsWith(`${join(dir, 'not.json')} is not an OpenAPI document`)).toBe(
    true,
  );
  expect(await archiveDocument(profile(), base, [])).toBeUndefined();
});
