// Shows a countdown on stderr while checks wait for a project's next rate-limit window; one per wait,
// however many checks wait with it. Waits of a few seconds (a short test window) pass silently.
const shown = new Map<string, number>();

export function rateWaitCountdown(project: string, waitMs: number, out: NodeJS.WriteStream = process.stderr): void {
  const until = Date.now() + waitMs;
  if (waitMs < 3000 || (shown.get(project) ?? 0) >= until - 1000) return;
  shown.set(project, until);
  const line = () =>
    `rate limit: project ${project} has spent its budget; next window in ${Math.max(0, Math.ceil((until - Date.now()) / 1000))} s`;
  const every = out.isTTY ? 1000 : 10_000;
  out.write(out.isTTY ? `\r\x1b[K${line()}` : `${line()}\n`);
  const timer = setInterval(() => {
    if (Date.now() >= until) {
      clearInterval(timer);
      if (out.isTTY) out.write('\r\x1b[K');
      return;
    }
    out.write(out.isTTY ? `\r\x1b[K${line()}` : `${line()}\n`);
  }, every);
  timer.unref();
}
