// Scaling: wall time of the list and paging checks (`--tag lists`) with N clusters in project conformance-a.
import { fmtS, referenceProfile, runCli, seedFixture, startTarget, writeProfile } from './common.ts';

const PROJECT = '6500000000000000000a0001'; // conformance-a

/** fixtures/seed.json with clusters added to conformance-a until it holds `n`. */
export function seedWithClusters(n: number): unknown {
  const seed = seedFixture();
  const template = seed.clusters.find((c: { groupId: string }) => c.groupId === PROJECT);
  const have = seed.clusters.filter((c: { groupId: string }) => c.groupId === PROJECT).length;
  for (let i = 0; i < n - have; i++) {
    const hex = i.toString(16).padStart(4, '0');
    seed.clusters.push({ ...structuredClone(template), id: `650000000000000000cb${hex}`, name: `bench-cluster-${i}` });
  }
  return seed;
}

export interface ScalingResult {
  limit: number;
  clusters: number;
  wallMs: number;
  reportMs: number;
  requests: number;
  totals: unknown;
}

/** `limit`: the rate limit of target and profile alike; default the reference profile's (100 per 2 s). With
 * 1,000,000 no request waits for budget (no rule tagged `lists` bursts past the limit), so the times show the
 * target's and the checks' own cost. */
export async function scaling(sizes = [10, 100, 1000], limit?: number): Promise<ScalingResult[]> {
  const out: ScalingResult[] = [];
  for (const n of sizes) {
    const profile = referenceProfile();
    delete profile.plainHttpUrl;
    if (limit !== undefined) profile.rateLimit = { ...profile.rateLimit, limit };
    const { target, env } = await startTarget(profile, {
      limit: profile.rateLimit.limit,
      windowMs: profile.rateLimit.windowSeconds * 1000,
      seed: seedWithClusters(n),
    });
    profile.baseUrl = target.url;
    const { dir, file } = writeProfile(profile, target.caPem);
    try {
      const r = await runCli(file, dir, env, ['--tag', 'lists']);
      out.push({
        limit: profile.rateLimit.limit,
        clusters: n,
        wallMs: r.wallMs,
        reportMs: r.report.durationMs,
        requests: r.report.requests,
        totals: r.report.totals,
      });
      console.log(
        `scaling: limit ${profile.rateLimit.limit}, ${n} clusters: ${fmtS(r.wallMs)} CLI wall, ${fmtS(r.report.durationMs)} report, ${r.report.requests} requests, ${JSON.stringify(r.report.totals)}`,
      );
    } finally {
      await target.close();
    }
  }
  return out;
}
