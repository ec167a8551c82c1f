// Where a sequence ends (src/probes/sequence.ts): at its last command that judges the rule (or whose effect the reading
// at its end judges), since commands after it would only make and delete entities that nothing reads again; commands
// are known by the name they show.
import { describe, expect, it } from 'vitest';
import { commandName, untilLastJudging } from '../../src/probes/sequence.ts';
import {
  AfterDelete,
  Count,
  Create,
  CreateDuplicate,
  CreateFreed,
  Delete,
  List,
  Patch,
  Put,
  Read,
  ReadEach,
} from '../../suites/support/sequence-commands.ts';

describe('a sequence up to its last judging command', () => {
  const judges = (c: string) => c === 'list';

  it('drops the commands after the last judging one', () => {
    expect(untilLastJudging(['create', 'list', 'create', 'delete'], judges)).toEqual(['create', 'list']);
    expect(untilLastJudging(['list', 'create', 'list', 'delete', 'create'], judges)).toEqual([
      'list',
      'create',
      'list',
    ]);
  });

  it('keeps a sequence that ends judging, and leaves none of one that never judges', () => {
    expect(untilLastJudging(['create', 'delete', 'list'], judges)).toEqual(['create', 'delete', 'list']);
    expect(untilLastJudging(['create', 'delete', 'create'], judges)).toEqual([]);
    expect(untilLastJudging([], judges)).toEqual([]);
  });
});

describe('the names of the commands', () => {
  it('are what each shows before its arguments', () => {
    expect(commandName(new List(2, true))).toBe('list');
    expect(commandName(new Count(false))).toBe('count');
    expect(commandName(new Read(0, false))).toBe('get');
    expect(commandName(new ReadEach())).toBe('get-each');
    expect(commandName(new AfterDelete(0, 'PUT', () => undefined, false))).toBe('put-deleted');
    expect(commandName(new CreateDuplicate(1))).toBe('create-duplicate');
    expect(commandName(new CreateFreed(1))).toBe('create-freed');
    expect(commandName(new Create())).toBe('create');
    expect(commandName(new Delete(0))).toBe('delete');
    expect(commandName(new Patch(0, { enabled: true }, false))).toBe('patch');
    expect(commandName(new Put(0, () => ({}), '{"enabled":true}', true))).toBe('put');
  });
});
