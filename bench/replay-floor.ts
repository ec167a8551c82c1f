// Replay floor: the suite's own requests, sent by a bare undici loop, against the whole suite's wall time.
// A recording proxy (bench/proxy.ts) between the CLI and a reference target records every request of a full run;
// the same sequence is then replayed at the profile's concurrency against a fresh reference target (through a
// non-recording proxy with the same added latency), paced by the same rate limit.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Report } from '../src/report/report.ts';
import {
  agentFor,
  DigestSession,
  fmtS,
  referenceProfile,
  runCli,
  send,
  startTarget,
  writeProfile,
  type Profile,
} from './common.ts';
import { startProxy, type Recorded } from './proxy.ts';

export interface FloorResult {
  delayMs: number;
  suiteMs: number;
  suiteReportMs: number;
  replayMs: number;
  requests: number;
  replayStatuses: Record<string, number>;
  report: Report;
}

/** Both sides run under the reference profile's limit and window. A huge limit is not used: the 8-limits checks
 * burst past `limit` requests per project, so with a limit of 1,000,000 the suite itself would send about a million
 * requests. Instead the bare replay paces itself as the target counts (fixed windows aligned to the clock,
 * `limit` project-scoped requests per project per window), which is the floor any client under that limit has. */
async function replay(
  sequence: Recorded[],
  baseUrl: string,
  caPem: string,
  profile: Profile,
  ownerUser: string,
  ownerPass: string,
): Promise<{ ms: number; statuses: Record<string, number> }> {
  const concurrency = (profile.concurrency as number | undefined) ?? 4;
  const limit = profile.rateLimit.limit as number;
  const windowMs = profile.rateLimit.windowSeconds * 1000;
  const agent = agentFor(caPem, concurrency);
  const session = new DigestSession(ownerUser, ownerPass);
  const used = new Map<string, number>(); // `${project} ${window}` -> requests
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < sequence.length) {
      const r = sequence[next++]!;
      if (r.project) {
        for (;;) {
          const w = Math.floor(Date.now() / windowMs);
          const key = `${r.project} ${w}`;
          const n = used.get(key) ?? 0;
          if (n < limit) {
            used.set(key, n + 1);
            break;
          }
          await sleep((w + 1) * windowMs - Date.now() + 5);
        }
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.headers))
        if (k !== 'authorization' && k !== 'content-length') headers[k] = v;
      const status = await send(agent, baseUrl, session, r.method, r.path, r.body, headers).catch(() => 0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - started;
  await agent.close();
  return { ms, statuses };
}

export async function replayFloor(delayMs: number): Promise<FloorResult> {
  const profile = referenceProfile();
  delete profile.plainHttpUrl; // the plain-HTTP probe would bypass the proxy: that rule is skipped in both runs
  const limit = profile.rateLimit.limit as number;
  const windowMs = profile.rateLimit.windowSeconds * 1000;

  // 1. The full suite through a recording proxy.
  const a = await startTarget(profile, { limit, windowMs });
  const recorder = await startProxy(a.target.url, a.target.caPem, delayMs);
  profile.baseUrl = recorder.url;
  const { dir, file } = writeProfile(profile, recorder.caPem);
  let suite: Awaited<ReturnType<typeof runCli>>;
  try {
    suite = await runCli(file, dir, a.env);
  } finally {
    await recorder.close();
    await a.target.close();
  }
  const sequence = recorder.recorded;

  // 2. The same sequence, bare, against a fresh target behind the same latency.
  const b = await startTarget(profile, { limit, windowMs });
  const relay = await startProxy(b.target.url, b.target.caPem, delayMs);
  const owner = b.secrets.owner!;
  let replayed: Awaited<ReturnType<typeof replay>>;
  try {
    replayed = await replay(sequence, relay.url, relay.caPem, profile, owner.publicKey!, owner.privateKey!);
  } finally {
    await relay.close();
    await b.target.close();
  }
  return {
    delayMs,
    suiteMs: suite.wallMs,
    suiteReportMs: suite.report.durationMs,
    replayMs: replayed.ms,
    requests: sequence.length,
    replayStatuses: replayed.statuses,
    report: suite.report,
  };
}

/** Requests per rule, from the report's checks. */
export function requestsPerRule(report: Report): [string, number][] {
  return report.rules
    .map((r) => [r.id, r.checks.reduce((s, c) => s + (c.requests ?? 0), 0)] as [string, number])
    .sort((x, y) => y[1] - x[1]);
}

export function printFloor(r: FloorResult): void {
  console.log(
    `replay floor, +${r.delayMs} ms per exchange: ${r.requests} requests recorded; suite ${fmtS(r.suiteMs)} (CLI wall; report durationMs ${fmtS(r.suiteReportMs)}), bare replay ${fmtS(r.replayMs)}; ratio suite/replay ${(r.suiteMs / r.replayMs).toFixed(2)} (report-duration basis ${(r.suiteReportMs / r.replayMs).toFixed(2)}); replay statuses ${JSON.stringify(r.replayStatuses)}`,
  );
}
