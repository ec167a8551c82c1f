// Every Node the package's `engines` admits runs every runtime dependency without an EBADENGINE warning.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';

// semver comes with fastify (a runtime dependency); it is read untyped, for the one function used.
const semver = createRequire(import.meta.url)('semver') as { subset: (sub: string, dom: string) => boolean };
const root = new URL('../../', import.meta.url);
const readJson = (file: string) => JSON.parse(readFileSync(new URL(file, root), 'utf8'));

interface LockedPackage {
  dev?: boolean;
  engines?: { node?: string };
}

test('the runtime dependencies in the lock file admit every Node the package admits', () => {
  const ours: string = readJson('package.json').engines.node;
  const locked = Object.entries(readJson('package-lock.json').packages as Record<string, LockedPackage>);
  const runtime = locked.filter(([path, p]) => path !== '' && !p.dev);
  expect(runtime.length).toBeGreaterThan(50);
  const narrower = runtime
    .filter(([, p]) => p.engines?.node && !semver.subset(ours, p.engines.node))
    .map(([path, p]) => `${path} wants node ${p.engines?.node}`);
  expect(narrower).toEqual([]);
});
