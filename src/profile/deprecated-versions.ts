// Which versions of a resource a profile makes deprecated and still served (spec 3, 9.4): read by the versioning
// checks and by the plan, which predicts from it whether the lifecycle rule has anything to judge.

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
