// What one check tells Allure, from inside the test (allure-vitest collects it): the rule's labels and spec link,
// the statement and the outcome's reason as description, and the redacted evidence as attachments (HTTP
// exchanges, which Allure 3 renders as such, and the curl line of a failure). Only when the runner asked for
// Allure results: without the reporter, allure-js-commons would warn on every call.
import { AssertionError } from 'node:assert';
import { attachment, description, labels, links } from 'allure-js-commons';
import { ALLURE_HTTP_EXCHANGE_CONTENT_TYPE, type HttpExchange } from 'allure-js-commons';
import { inject } from 'vitest';
import { findRule } from '../catalogue/catalogue.ts';
import type { Exchange } from '../exchange.ts';
import { allureLabels, allureSpecLink } from './allure-labels.ts';
import type { CheckMeta } from './outcome-meta.ts';
import type { CheckOutcome } from '../check-outcome.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether the run writes Allure results (src/runner/suite-session.ts). */
    allure: boolean;
  }
}

const pairs = (h: Record<string, string | string[]>) =>
  Object.entries(h).flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((value) => ({ name, value })));

function httpExchange(e: Exchange): HttpExchange {
  const start = Date.parse(e.startedAt);
  return {
    schemaVersion: 1,
    request: {
      method: e.request.method,
      url: e.request.url,
      headers: pairs(e.request.headers),
      ...(e.request.body !== undefined ? { body: { encoding: 'utf8', value: e.request.body } } : {}),
    },
    ...(e.response
      ? {
          response: {
            status: e.response.status,
            headers: pairs(e.response.headers),
            body: {
              encoding: 'utf8',
              value: e.response.body,
              size: e.response.bodyBytes,
              truncated: e.response.body.length < e.response.bodyBytes,
            },
          },
        }
      : {}),
    ...(e.error ? { error: { name: e.error.cause, message: e.error.message } } : {}),
    start,
    stop: start + e.durationMs,
  };
}

export async function reportToAllure(meta: CheckMeta): Promise<void> {
  if (!inject('allure')) return;
  const rule = findRule(meta.rule)!;
  await labels(...allureLabels(rule));
  await links(allureSpecLink(rule.section));
  const outcome = meta.outcome;
  await description(
    [rule.statement, outcome?.reason ? `**${outcome.status}**: ${outcome.reason}` : ''].filter(Boolean).join('\n\n'),
  );
  const decisive = outcome?.exchange;
  const evidence = decisive
    ? [
        decisive,
        ...(meta.evidence ?? []).filter(
          (e) => e.startedAt !== decisive.startedAt || e.request.url !== decisive.request.url,
        ),
      ]
    : (meta.evidence ?? []);
  for (const e of evidence) {
    const name = `${e.request.method} ${e.request.url} → ${e.response?.status ?? e.error?.cause ?? 'no answer'}`;
    await attachment(name, JSON.stringify(httpExchange(e)), {
      contentType: ALLURE_HTTP_EXCHANGE_CONTENT_TYPE,
      fileExtension: '.httpexchange',
    });
  }
  if (outcome?.curl) await attachment('curl', outcome.curl, 'text/plain');
}

/** Allure tells a failed check from a broken one by the thrown error: an assertion error is "failed" (the
 * target broke the rule), anything else "broken" (the target misbehaved, or the check did). */
export function thrownFor(outcome: CheckOutcome, failure: unknown): unknown {
  if (outcome.status !== 'fail') return failure;
  const e = new AssertionError({ message: outcome.reason ?? 'rule broken' });
  e.stack = (failure as Error).stack ?? e.stack;
  return e;
}
