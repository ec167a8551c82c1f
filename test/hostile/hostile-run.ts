// One run of the CLI against the reference target behind the fault proxy, with low bounds so that a run stuck on a
// fault ends soon; every target and proxy opened is closed by closeHostileRuns.
import type { Report } from '../../src/report/report.ts';
import { runCli, type CliRun } from '../e2e/cli.ts';
import { startLiveReference, type LiveReference } from '../safety/live-target.ts';
import { inSlot } from '../safety/slots.ts';
import { startFaultProxy, type FaultProxy, type Scenario } from './fault-proxy.ts';

export const bounds = {
  timeouts: { requestMs: 3000, connectMs: 2000, ruleMs: 30000 },
  maxBodyBytes: 1024 * 1024,
  retries: { count: 2, backoffMs: 50 },
};

export interface HostileRun {
  cli: CliRun;
  report?: Report;
  proxy: FaultProxy;
  live: LiveReference;
}

const opened: { live: LiveReference; proxy: FaultProxy }[] = [];

/** Runs the CLI through a proxy inflicting `scenario`: the given rules (all when none), with extra CLI arguments. */
export async function runAgainst(
  scenario: Scenario,
  rules: string[],
  profile?: (live: LiveReference, proxy: FaultProxy) => string,
  args: string[] = [],
): Promise<HostileRun> {
  const live = await startLiveReference();
  const proxy = await startFaultProxy({ url: live.target.url, caPem: live.target.caPem }, scenario);
  opened.push({ live, proxy });
  const file = profile?.(live, proxy) ?? live.profile({ baseUrl: proxy.url, caPem: proxy.caPem, fields: bounds });
  const cli = await inSlot(() =>
    runCli(['run', '--profile', file, '--quiet', ...rules.flatMap((r) => ['--rule', r]), ...args], live.env),
  );
  return { cli, report: cli.report, proxy, live };
}

export async function closeHostileRuns(): Promise<void> {
  for (const { live, proxy } of opened.splice(0)) {
    await proxy.close();
    await live.close();
  }
}
