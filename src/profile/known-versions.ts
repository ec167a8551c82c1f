// The version dates a profile knows of (spec 3, 9.2): the default, the deprecated ones, each resource's, the deleted.

import type { Profile } from './profile.ts';

/** Every version date the profile knows of, deleted ones included. */
export function knownVersionsOf(versions: Profile['versions']): Set<string> {
  const { default: current, deprecated, deleted, resources } = versions;
  return new Set([current, ...deprecated, ...deleted, ...Object.values(resources).flat()]);
}

/** The version dates the profile says are served: every one it knows of but the deleted. */
export const servedVersionsOf = (versions: Profile['versions']): string[] =>
  [...knownVersionsOf(versions)].filter((v) => !versions.deleted.includes(v));
