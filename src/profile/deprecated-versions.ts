// Which versions of a resource a profile makes deprecated and still served (spec 3, 9.4): read by the versioning
// checks and by the plan, which predicts from it whether the lifecycle rule has anything to judge.
import type { Profile } from './profile.ts';

/** Versions of a resource (its `versions`) that are deprecated and not deleted: older than its current one, or
 * deprecated for all resources. */
export function deprecatedOf(
  profileVersions: { deprecated: readonly string[]; deleted: readonly string[] },
  versions: readonly string[],
): string[] {
  const { deprecated, deleted } = profileVersions;
  const current = [...versions].sort().at(-1);
  const older = versions.filter((v) => current !== undefined && v < current);
  return [...new Set([...older, ...deprecated])].filter((v) => v !== current && !deleted.includes(v)).sort();
}

/** Whether some resource of the profile has a deprecated version still served. */
export const hasDeprecatedVersion = (versions: Profile['versions']): boolean =>
  Object.values(versions.resources).some((listed) => deprecatedOf(versions, listed).length > 0);

/** Whether the profile's resources differ in their current (newest) version: one has outgrown another. */
export const currentVersionsDiffer = (versions: Profile['versions']): boolean =>
  new Set(Object.values(versions.resources).map((listed) => [...listed].sort().at(-1))).size > 1;
