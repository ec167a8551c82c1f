// `--state-file FILE`: the store kept across restarts. Loaded at start when the file exists; written after every
// request that may change it (anything but GET, HEAD and OPTIONS), through a temporary file so it is never half written.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Store } from './store.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The saved state, or undefined when there is none yet. */
export function loadState(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

export function saveState(file: string, store: Store): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(store));
  renameSync(`${file}.tmp`, file);
}

export function keepState(app: FastifyInstance, file: string, store: Store): void {
  saveState(file, store);
  app.addHook('onResponse', async (req) => {
    if (!READS.has(req.method)) saveState(file, store);
  });
}
