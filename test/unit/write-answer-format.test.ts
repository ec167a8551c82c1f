// Judgements of answers to writes (spec 2.1, 2.4): the envelope and pretty rendering of an answer whose values differ
// from the plain call's (a new entity's id), an answer without a body (204), and dates of any JSON type.
import { describe, expect, it } from 'vitest';
import { nonUtcDates } from '../../src/judges/dates.ts';
import { checkWriteEnvelope } from '../../src/judges/envelope.ts';
import { checkPrettyFields } from '../../src/judges/whitespace.ts';
import { HttpResponse } from '../../src/http/messages.ts';
import { RuleFailure } from '../../src/outcome.ts';

const names = { statusField: 'status', contentField: 'content' };

function answer(status: number, text: string): HttpResponse {
  const exchange = {
    request: { method: 'POST', url: 'https://api.example.test/things', headers: {} },
    startedAt: '',
    durationMs: 0,
  };
  return new HttpResponse(status, {}, Buffer.from(text), exchange);
}
const json = (status: number, body: unknown) => answer(status, JSON.stringify(body));

describe('envelope on a write answer', () => {
  const plain = json(201, { id: 'a', name: 'x' });

  it("holds for the plain answer's fields under the content field, beside the plain status", () => {
    expect(() =>
      checkWriteEnvelope(json(201, { status: 201, content: { id: 'b', name: 'y' } }), plain, names),
    ).not.toThrow();
  });

  it("fails an envelope inside the envelope and a status other than the plain answer's", () => {
    expect(() =>
      checkWriteEnvelope(
        json(201, { status: 201, content: { status: 201, content: { id: 'b', name: 'y' } } }),
        plain,
        names,
      ),
    ).toThrow(RuleFailure);
    expect(() => checkWriteEnvelope(json(200, { status: 200, content: { id: 'b', name: 'y' } }), plain, names)).toThrow(
      /unwrapped call returned 201/,
    );
  });

  it('takes a 204 without a body as nothing to wrap, but judges the status of an envelope it carries', () => {
    expect(() => checkWriteEnvelope(answer(204, ''), answer(204, ''), names)).not.toThrow();
    expect(() => checkWriteEnvelope(json(200, { status: 200, content: {} }), answer(204, ''), names)).toThrow(
      /unwrapped call returned 204/,
    );
    expect(() => checkWriteEnvelope(answer(204, ''), plain, names)).toThrow(/left out the body/);
  });
});

describe('pretty on a write answer', () => {
  const plain = { id: 'a', tags: [{ key: 'k' }] };

  it("holds for an indented rendering of the plain answer's fields", () => {
    expect(() => checkPrettyFields(answer(200, JSON.stringify({ id: 'b', tags: [] }, null, 2)), plain)).not.toThrow();
  });

  it('fails a compact rendering, and other fields', () => {
    expect(() => checkPrettyFields(json(200, { id: 'b', tags: [] }), plain)).toThrow(/did not indent/);
    expect(() => checkPrettyFields(answer(200, JSON.stringify({ content: plain }, null, 2)), plain)).toThrow(
      /changed the JSON value/,
    );
  });
});

describe('dates of any JSON type', () => {
  it('finds epoch milliseconds in a field named for a date, at any depth, and leaves other numbers alone', () => {
    const found = nonUtcDates({
      resolved: 1746343200000,
      count: 3,
      alerts: [{ lastNotified: 1746343200000, created: '2025-05-01T10:00:00Z' }],
    });
    expect(found.map((d) => d.path)).toEqual(['resolved', 'alerts[0].lastNotified']);
  });

  it('finds a local time without a zone and an offset other than UTC in a nested field', () => {
    const found = nonUtcDates({
      notifications: [{ lastNotified: '2025-05-01T10:00:00+02:00' }],
      updated: '2025-05-01T10:00:00',
    });
    expect(found.map((d) => d.path)).toEqual(['notifications[0].lastNotified', 'updated']);
  });
});
