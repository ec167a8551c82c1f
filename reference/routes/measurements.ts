// Measurements of a database of a process (spec 4.3): `granularity` with `period`, or `start` and `end`
// (ISO-8601); data points are generated from the seed's base values, one per granularity step.
import { requireGroup } from '../authz.ts';
import type { RequestContext } from '../context.ts';
import { formatIsoDate, parseIsoDate, parseIsoDuration } from '../dates.ts';
import { invalidQueryParameter, missingQueryParameter } from '../errors.ts';
import { entityLinks } from '../links.ts';
import type { Mutants } from '../mutants.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Measurement, Process } from '../store.ts';
import { processPath, requireDatabase, requireProcess } from './processes.ts';

const GRANULARITIES = ['PT10S', 'PT1M', 'PT5M', 'PT1H', 'P1D'];
const MAX_DATA_POINTS = 1440;

function required(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (value === null) throw missingQueryParameter(name);
  return value;
}

function dateParameter(query: URLSearchParams, name: string, mutants: Mutants): number {
  const text = required(query, name);
  // Mutant: end takes whatever JavaScript's Date.parse reads, not only ISO-8601.
  const lenient = name === 'end' && mutants.has('ENT-DATES-INPUT-ISO:measurements') && !Number.isNaN(Date.parse(text));
  const date = parseIsoDate(text) ?? (lenient ? new Date(Date.parse(text)) : undefined);
  if (!date) throw invalidQueryParameter(name);
  // Mutant: a date without a zone is read in the server's zone, UTC+02:00, not UTC.
  const zoneless = /^\d{4}-\d{2}-\d{2}(T[\d:.]*)?$/.test(text);
  return date.getTime() - (zoneless && mutants.has('ENT-DATES-DEFAULT-UTC:measurements') ? 2 * 3_600_000 : 0);
}

/** The requested interval, aligned to the granularity: [start, end) in steps of `stepMs`. */
function intervalOf(query: URLSearchParams, mutants: Mutants) {
  const granularity = required(query, 'granularity');
  if (!GRANULARITIES.includes(granularity)) throw invalidQueryParameter('granularity');
  const stepMs = parseIsoDuration(granularity)!;
  let start: number;
  let end: number;
  if (query.has('period')) {
    if (query.has('start') || query.has('end')) throw invalidQueryParameter('period');
    const periodMs = parseIsoDuration(query.get('period')!);
    if (periodMs === undefined) throw invalidQueryParameter('period');
    end = Math.floor(Date.now() / stepMs) * stepMs;
    start = end - periodMs;
  } else {
    if (!query.has('start')) throw missingQueryParameter('period');
    start = dateParameter(query, 'start', mutants);
    end = dateParameter(query, 'end', mutants);
    if (end <= start) throw invalidQueryParameter('end');
  }
  start = Math.floor(start / stepMs) * stepMs;
  if ((end - start) / stepMs > MAX_DATA_POINTS) throw invalidQueryParameter('granularity');
  return { granularity, stepMs, start, end, byDates: !query.has('period') };
}

/** A data point's time; the mutant gives it at UTC+02:00, the same instant, when the window was asked by dates. */
function pointTime(t: number, byDates: boolean, mutants: Mutants): string {
  if (!byDates || !mutants.has('ENT-DATES-UTC:measurements')) return formatIsoDate(new Date(t));
  return `${formatIsoDate(new Date(t + 2 * 3600_000)).replace(/Z$/, '')}+02:00`;
}

function dataPoints(
  measurement: Measurement,
  seed: number,
  interval: { stepMs: number; start: number; end: number; byDates: boolean },
  mutants: Mutants,
) {
  const points = [];
  for (let t = interval.start, i = 0; t < interval.end; t += interval.stepMs, i++) {
    const value = measurement.base * seed * (1 + 0.05 * Math.sin(i / 3));
    points.push({
      timestamp: pointTime(t, interval.byDates, mutants),
      value: measurement.units === 'SCALAR' ? Math.round(value) : Math.round(value * 100) / 100,
    });
  }
  return points;
}

function measurementsOf(ctx: RequestContext, process: Process, databaseName: string) {
  const interval = intervalOf(ctx.query, ctx.mutants);
  const names = ctx.query.getAll('m');
  if (names.some((n) => !process.measurements.some((m) => m.name === n))) throw invalidQueryParameter('m');
  const seed = process.databases.indexOf(databaseName) + 1;
  const self = `${processPath(process)}/databases/${encodeURIComponent(databaseName)}/measurements`;
  return {
    databaseName,
    end: formatIsoDate(new Date(interval.end)),
    granularity: interval.granularity,
    groupId: process.groupId,
    hostId: process.id,
    links: entityLinks(ctx, self, [], false),
    measurements: process.measurements
      .filter((m) => names.length === 0 || names.includes(m.name))
      .map((m) => ({ dataPoints: dataPoints(m, seed, interval, ctx.mutants), name: m.name, units: m.units })),
    processId: process.id,
    start: formatIsoDate(new Date(interval.start)),
  };
}

export const measurementRoutes: Route[] = [
  {
    path: '/groups/{groupId}/processes/{processId}/databases/{databaseName}/measurements',
    dateQuery: ['start', 'end'],
    methods: {
      GET: (ctx) => {
        const process = requireProcess(ctx, requireGroup(ctx, 'read'));
        return entity(measurementsOf(ctx, process, requireDatabase(ctx, process)));
      },
    },
  },
];
