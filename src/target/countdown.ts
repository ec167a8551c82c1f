// Shows a countdown on stderr while checks wait for a project's next rate-limit window; one per wait,
// however many checks wait with it. Waits of a few seconds (a short test window) pass silently. Without a
// terminal (CI logs) a wait is one plain line with its length, and lines come at most one per `logGapMs`.
const shown = new Map<string, number>();
/** When each stream without a terminal last had a line. */
const lastLine = new WeakMap<NodeJS.WriteStream, number>();
const logGapMs = 5000;

export function rateWaitCountdown(project: string, waitMs: number, out: NodeJS.WriteStream = process.stderr): void {
  const until = Date.now() + waitMs;
  if (waitMs < 3000 || (shown.get(project) ?? 0) >= until - 1000) return;
  shown.set(project, until);
  if (!out.isTTY) {
    if (Date.now() - (lastLine.get(out) ?? Number.NEGATIVE_INFINITY) < logGapMs) return;
    lastLine.set(out, Date.now());
    out.write(
      `rate limit: project ${project} has spent its budget; waiting ${Math.ceil(waitMs / 1000)} s for its next window\n`,
    );
    return;
  }
  const line = () =>
    `\r\x1b[Krate limit: project ${project} has spent its budget; next window in ${Math.max(0, Math.ceil((until - Date.now()) / 1000))} s`;
  out.write(line());
  const timer = setInterval(() => {
    if (Date.now() >= until) {
      clearInterval(timer);
      out.write('\r\x1b[K');
      return;
    }
    out.write(line());
  }, 1000);
  timer.unref();
}
