// Quiet periods: while a check compares readings, no write of another check is in flight.
import { describe, expect, it } from 'vitest';
import { WriteGate } from '../../src/target/write-gate.ts';

/** A request that ends when told to, logging its start and end. */
function request(log: string[], name: string): { send: () => Promise<string>; end: () => void } {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    send: async () => {
      log.push(`${name} starts`);
      await ended;
      log.push(`${name} ends`);
      return name;
    },
    end,
  };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('write gate', () => {
  it('starts a quiet period only once the writes in flight have ended', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const write = request(log, 'POST');
    const writing = gate.send('POST', write.send);
    await turn();
    const quiet = gate.quietly(async () => {
      log.push('reading');
    });
    await turn();
    expect(log).toEqual(['POST starts']);
    write.end();
    await Promise.all([writing, quiet]);
    expect(log).toEqual(['POST starts', 'POST ends', 'reading']);
  });

  it('holds back writes, but not reads, until the quiet period ends', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const reading = request(log, 'quiet read');
    const quiet = gate.quietly(reading.send);
    await turn();
    const writes = ['PATCH', 'DELETE'].map((m) =>
      gate.send(m, async () => {
        log.push(m);
      }),
    );
    const read = gate.send('GET', async () => {
      log.push('GET');
    });
    await read;
    await turn();
    expect(log).toEqual(['quiet read starts', 'GET']);
    reading.end();
    await Promise.all([quiet, ...writes]);
    expect(log).toEqual(['quiet read starts', 'GET', 'quiet read ends', 'PATCH', 'DELETE']);
  });

  it('lets a write whose sending fails end its part of the count', async () => {
    const gate = new WriteGate();
    await expect(
      gate.send('PUT', async () => {
        throw new Error('reset');
      }),
    ).rejects.toThrow('reset');
    const log: string[] = [];
    await gate.quietly(async () => {
      log.push('reading');
    });
    expect(log).toEqual(['reading']);
  });
});
