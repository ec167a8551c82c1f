// Speed measurements (issue 9): `npm run bench:speed` runs them all, `npm run bench:speed -- NAME...` some of them
// (floor, throughput, scaling). They print numbers and judge nothing; never tests.
// SPEED_REPEATS (default 2): how many times the replay floor is measured in this process.
import { fmtS } from './common.ts';
import { printFloor, replayFloor, requestsPerRule, type FloorResult } from './replay-floor.ts';
import { scaling, type ScalingResult } from './scaling.ts';
import { burst, throughput, type BurstResult, type ThroughputResult } from './throughput.ts';

const chosen = process.argv.slice(2);
const all = ['floor', 'throughput', 'scaling'];
for (const c of chosen) if (!all.includes(c)) throw new Error(`no measurement named '${c}' (${all.join(', ')})`);
const want = (name: string) => !chosen.length || chosen.includes(name);

const floors: FloorResult[] = [];
let rates: ThroughputResult[] = [];
let burstResult: BurstResult | undefined;
let scales: ScalingResult[] = [];

if (want('floor')) {
  console.log(
    "replay floor: both runs under the reference profile's rate limit (limit 100 per 2 s window); the bare replay paces itself per project as the target counts, since a huge limit would make the 8-limits bursts send ~limit requests each",
  );
  const repeats = Number(process.env.SPEED_REPEATS ?? 2);
  for (let i = 0; i < repeats; i++) {
    for (const delay of [0, 50]) {
      const r = await replayFloor(delay);
      printFloor(r);
      floors.push(r);
    }
  }
  const last = floors[0];
  if (last) {
    const per = requestsPerRule(last.report).filter(([, n]) => n > 0);
    console.log(`requests per rule (first run, ${per.length} rules that sent any):`);
    for (let i = 0; i < per.length; i += 6)
      console.log(
        `  ${per
          .slice(i, i + 6)
          .map(([id, n]) => `${id} ${n}`)
          .join(', ')}`,
      );
  }
}
if (want('throughput')) {
  rates = await throughput();
  for (const t of rates)
    console.log(
      `throughput: GET ${t.path}: ${t.reqPerSec.toFixed(0)} req/s (${t.total} requests, ${t.non2xx} non-2xx, ${t.errors} errors, p50 ${t.p50} ms, p99 ${t.p99} ms)`,
    );
  burstResult = await burst();
  console.log(
    `rate-limit burst: ${burstResult.sent} concurrent GETs of one project after a window turn, limit ${burstResult.limit}: ${JSON.stringify(burstResult.statuses)}${burstResult.oneWindow ? '' : ' (the burst spilled into the next window)'}`,
  );
}
if (want('scaling')) scales = [...(await scaling()), ...(await scaling(undefined, 1_000_000))];

console.log('\nsummary');
for (const f of floors)
  console.log(
    `  floor +${String(f.delayMs).padStart(2)} ms  suite/replay ${(f.suiteMs / f.replayMs).toFixed(2)}  (${f.requests} requests; suite ${fmtS(f.suiteMs)}, replay ${fmtS(f.replayMs)})`,
  );
for (const t of rates) console.log(`  throughput  ${t.reqPerSec.toFixed(0).padStart(6)} req/s  GET ${t.path}`);
if (burstResult)
  console.log(
    `  burst       ${JSON.stringify(burstResult.statuses)} of ${burstResult.sent} (limit ${burstResult.limit})`,
  );
for (let i = 0; i < scales.length; i++) {
  const s = scales[i]!;
  const prev = scales[i - 1];
  const growth =
    prev && prev.limit === s.limit
      ? ` x${(s.wallMs / scales[i - 1]!.wallMs).toFixed(2)} vs ${scales[i - 1]!.clusters}`
      : '';
  console.log(
    `  scaling     limit ${String(s.limit).padStart(7)}  ${String(s.clusters).padStart(5)} clusters  ${fmtS(s.wallMs)}${growth}`,
  );
}
