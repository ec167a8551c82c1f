// The one judge of "the error names the field" (spec 2.1, 7.2): over generated bodies and offending paths, an
// error naming the path, in any spelling a target may use, is accepted; a longer name, another case, another
// field or an echo of the body is not.
import fc from 'fast-check';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { judgeNaming, spellPath, type JsonPath } from '../../src/judges/names-field.ts';

type Body = Record<string, unknown>;

const key = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,7}$/);
const { object } = fc.letrec<{ value: unknown; object: Body }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.boolean(),
    fc.integer(),
    fc.string({ maxLength: 8 }),
    tie('object'),
    fc.array(tie('object'), { minLength: 1, maxLength: 2 }),
  ),
  object: fc.dictionary(key, tie('value'), { minKeys: 1, maxKeys: 4 }),
}));

/** The paths of every object in `value` (where a field can be added). */
function places(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => places(v, [...at, i]));
  if (typeof value !== 'object' || value === null) return [];
  return [at, ...Object.entries(value).flatMap(([k, v]) => places(v, [...at, k]))];
}

function keys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keys);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)]);
}

/** A body, the path of a field added to it with a name no key of the body has, and a field it sent validly. */
const offence = fc
  .record({
    body: object,
    place: fc.nat(),
    name: key,
    value: fc.oneof(fc.boolean(), fc.integer(), fc.string({ maxLength: 8 })),
  })
  .map(({ body, place, name, value }) => {
    const at = places(body)[place % places(body).length]!;
    const path: JsonPath = [...at, name];
    const sent = structuredClone(body);
    (at.reduce<unknown>((v, k) => (v as Body)[k], sent) as Body)[name] = value;
    const onPath = new Set(path);
    return {
      body: sent,
      path,
      name,
      valid: keys(body).filter((k) => !onPath.has(k)),
      clash: keys(body).includes(name),
    };
  })
  .filter((o) => !o.clash);

const error = (detail: string, parameters: unknown[] = []) => ({
  detail,
  error: 400,
  errorCode: 'INVALID_ATTRIBUTE',
  parameters,
  reason: 'Bad Request',
});

/** The ways a target may spell a path. */
const spellings: Record<string, (path: JsonPath) => string> = {
  'name only': (p) => String(p.at(-1)),
  'dotted with indexes': spellPath,
  'dotted, indexes as segments': (p) => p.join('.'),
  slashes: (p) => p.join('/'),
  'JSON pointer': (p) => `/${p.join('/')}`,
  JSONPath: (p) => `$.${spellPath(p)}`,
  'brackets and quotes': (p) => p.map((s) => (typeof s === 'number' ? `[${s}]` : `["${s}"]`)).join(''),
  'indexes left out': (p) => p.filter((s) => typeof s === 'string').join('.'),
  'indexes as wildcards': (p) => p.map((s, i) => (typeof s === 'number' ? '[*]' : i === 0 ? s : `.${s}`)).join(''),
  'from its second segment on': (p) => spellPath(p.slice(Math.min(1, p.length - 1))),
  'double-quoted': (p) => `"${spellPath(p)}"`,
  'single-quoted': (p) => `'${spellPath(p)}'`,
  'back-quoted': (p) => `\`${spellPath(p)}\``,
};

describe('the judge of an error naming the field', () => {
  it('accepts an error naming exactly the path, in its detail or in a parameter', () => {
    fc.assert(
      fc.property(offence, fc.boolean(), ({ body, path }, inParameters) => {
        const named = spellPath(path);
        const sent = inParameters
          ? error('Invalid attribute specified.', [named])
          : error(`Invalid attribute ${named} specified.`);
        expect(judgeNaming({ error: sent, body, path })).toEqual({
          named: true,
          where: inParameters ? 'parameters[0]' : 'detail',
          as: named,
        });
      }),
    );
  });

  for (const [spelling, spell] of Object.entries(spellings)) {
    it(`accepts the path spelt ${spelling}`, () => {
      fc.assert(
        fc.property(offence, ({ body, path }) => {
          expect(judgeNaming({ error: error(`Invalid attribute ${spell(path)} specified.`), body, path }).named).toBe(
            true,
          );
        }),
      );
    });
  }

  it('refuses an error naming only a longer identifier that begins with the field name', () => {
    fc.assert(
      fc.property(offence, fc.stringMatching(/^[A-Za-z0-9_]{1,4}$/), ({ body, path, name }, tail) => {
        const longer = `${spellPath(path)}${tail}`;
        const naming = judgeNaming({ error: error(`Invalid attribute ${longer} specified.`, [longer]), body, path });
        expect(naming).toMatchObject({ named: false, why: 'longer-name' });
        expect(naming.named === false && naming.seen).toContain(name + tail);
      }),
    );
  });

  it('refuses an error naming the field in another letter case', () => {
    fc.assert(
      fc.property(offence, ({ body, path, name }) => {
        const other = name[0]!.toUpperCase() + name.slice(1);
        const sent = error(`Invalid attribute ${spellPath([...path.slice(0, -1), other])} specified.`, [other]);
        expect(judgeNaming({ error: sent, body, path }).named).toBe(false);
      }),
    );
  });

  it('refuses an error naming the field under other fields of the body', () => {
    fc.assert(
      fc.property(offence, ({ body, path, name, valid }) => {
        fc.pre(valid.length > 0);
        const elsewhere = `${valid[0]}.${name}`;
        expect(judgeNaming({ error: error(`Invalid attribute ${elsewhere} specified.`), body, path })).toMatchObject({
          named: false,
          why: 'other-path',
          seen: [elsewhere],
        });
      }),
    );
  });

  const echoes: Record<string, (body: Body) => string> = {
    'compact JSON': (b) => JSON.stringify(b),
    'pretty JSON': (b) => JSON.stringify(b, null, 2),
    inspected: (b) => inspect(b, { depth: Infinity, breakLength: Infinity }),
  };
  for (const [style, echo] of Object.entries(echoes)) {
    it(`refuses an error that echoes the whole body (${style}) while complaining about another field`, () => {
      fc.assert(
        fc.property(offence, ({ body, path, valid }) => {
          fc.pre(valid.length > 0);
          const sent = error(`Invalid attribute ${valid[0]} specified. Body: ${echo(body)}`, [valid[0]]);
          expect(judgeNaming({ error: sent, body, path })).toMatchObject({ named: false, why: 'echo' });
        }),
      );
    });
  }

  it('accepts an error naming the field beside an echo of the body', () => {
    fc.assert(
      fc.property(offence, ({ body, path }) => {
        const sent = error(`Invalid attribute ${spellPath(path)} specified. Body: ${JSON.stringify(body)}`);
        expect(judgeNaming({ error: sent, body, path })).toMatchObject({ named: true, as: spellPath(path) });
      }),
    );
  });

  it('refuses an error naming only fields sent validly', () => {
    fc.assert(
      fc.property(offence, ({ body, path, valid }) => {
        fc.pre(valid.length > 0);
        expect(
          judgeNaming({ error: error(`Invalid attribute ${valid.join(', ')} specified.`, valid), body, path }).named,
        ).toBe(false);
      }),
    );
  });

  it('takes the value sent as naming the field only when asked to, and only standing alone', () => {
    const body = { replicationSpecs: [{ regionConfigs: [{ providerName: 'AZURE', regionName: 'GERMANY_CENTRAL' }] }] };
    const path = ['replicationSpecs', 0, 'regionConfigs', 0, 'regionName'];
    const byValue = error('An invalid enumeration value GERMANY_CENTRAL was specified.', ['GERMANY_CENTRAL']);
    expect(judgeNaming({ error: byValue, body, path, value: true })).toEqual({
      named: true,
      where: 'detail',
      as: 'GERMANY_CENTRAL',
    });
    expect(judgeNaming({ error: byValue, body, path }).named).toBe(false);
    expect(
      judgeNaming({
        error: error('An invalid enumeration value GERMANY_CENTRAL_2 was specified.'),
        body,
        path,
        value: true,
      }).named,
    ).toBe(false);
  });

  it('names why, for the expected and actual of a failure', () => {
    const body = { name: 'x', replicationSpec: { US_EAST_1: { priority: 7 } }, replicationSpecs: [] };
    expect(
      judgeNaming({
        error: error('Invalid attribute replicationSpecs specified.', ['replicationSpecs']),
        body,
        path: ['replicationSpec'],
      }),
    ).toEqual({
      named: false,
      why: 'longer-name',
      seen: ['replicationSpecs'],
      reason: 'the error names replicationSpecs, a longer name than replicationSpec',
    });
    expect(judgeNaming({ error: { detail: null, parameters: [] }, body, path: ['replicationSpec'] })).toEqual({
      named: false,
      why: 'absent',
      seen: [],
      reason: 'the error does not name replicationSpec',
    });
    expect(
      judgeNaming({
        error: error('Invalid attribute replicationSpec.US_EAST_1 specified.'),
        body,
        path: ['replicationSpec'],
      }).named,
    ).toBe(true);
  });
});
