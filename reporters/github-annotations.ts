// GitHub Actions annotations, when the run is a GitHub Actions job (GITHUB_ACTIONS=true): an error titled by rule
// id for each MUST rule that failed or erred and is not expected by the baseline (those decide the exit code),
// and a warning for each rule the baseline lists that now passes. Written to stderr, which the runner reads for
// workflow commands as it does stdout, so that --json keeps stdout pure JSON.
import type { Report } from '../src/report/report.ts';

// Workflow command escaping: in the message %, CR and LF; in a property also ':' and ','.
const message = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => message(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function annotations(report: Report): string[] {
  const errors = report.rules
    .filter(
      (r) => r.level === 'MUST' && (r.status === 'fail' || r.status === 'error') && r.baseline !== 'expected-fail',
    )
    .map((r) => `::error title=${property(r.id)}::${message(`${r.status}: ${r.reason ?? r.statement}`)}`);
  const warnings = report.rules
    .filter((r) => r.baseline === 'unexpected-pass')
    .map(
      (r) =>
        `::warning title=${property(r.id)}::${message(`passes, but the baseline ${report.baseline?.file ?? ''} lists it as failing: remove it from the baseline`)}`,
    );
  return [...errors, ...warnings];
}

export function printAnnotations(
  report: Report,
  env: NodeJS.ProcessEnv = process.env,
  out: NodeJS.WritableStream = process.stderr,
): void {
  if (env.GITHUB_ACTIONS !== 'true') return;
  for (const line of annotations(report)) out.write(`${line}\n`);
}
