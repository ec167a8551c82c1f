// How a run's rule filter reads in the reports and on the console: "rule METH-405, tag errors".
import type { Report } from './report.ts';

export function filterText(filter: NonNullable<Report['filter']>): string {
  return [...filter.rules.map((r) => `rule ${r}`), ...filter.tags.map((t) => `tag ${t}`)].join(', ');
}
