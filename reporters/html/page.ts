// reports/index.html: one self-contained file (styles and script inline, no fonts, images or requests), so it
// opens from disk or a CI artifact with no network. A Content-Security-Policy allows exactly the page's own
// style and script by hash: even a body that got past escaping could not run.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../../src/report/report.ts';
import { html, Html } from './html.ts';
import { ruleList } from './rules.ts';
import { summary } from './summary.ts';

const style = readFileSync(new URL('./page.css', import.meta.url), 'utf8');
const script = readFileSync(new URL('./page-script.js', import.meta.url), 'utf8');
const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const policy = `default-src 'none'; style-src ${hash(style)}; script-src ${hash(script)}; img-src data:; form-action 'none'; base-uri 'none'`;

/** `certificate`: the certificate's verdict in one line, when the run gave one. */
export function renderHtml(report: Report, certificate?: string): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance report: ${report.target.name}</title>
<style>${new Html(style)}</style>
</head>
<body>
${summary(report, certificate)}
${ruleList(report)}
<script>${new Html(script)}</script>
</body>
</html>
`.text;
}

export function writeHtmlReport(report: Report, dir: string, certificate?: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.html');
  writeFileSync(file, renderHtml(report, certificate));
  return file;
}
