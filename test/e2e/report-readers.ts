// Reads each report format back to rule id → status, as a CI system, Allure or a reader would see it, so that
// tests can hold every format against conformance.json.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';

const list = <T>(x: ArrayLike<T>): T[] => Array.from(x);

export interface JunitCase {
  rule: string;
  name: string;
  status: string;
  /** Message of <failure>, <error> or <skipped>. */
  message?: string;
  text?: string;
  properties: Record<string, string>;
  /** Seconds, as the time attribute says. */
  time: number;
}

const propertiesOf = (properties: Element | undefined) =>
  Object.fromEntries(
    list(properties?.getElementsByTagName('property') ?? []).map((p) => [
      p.getAttribute('name')!,
      p.getAttribute('value')!,
    ]),
  );

/** Parsed with the DOM of xmlbuilder2, which decodes entities as any XML reader does. */
export function readJunit(xml: string): {
  totals: Record<string, string>;
  time: number;
  suites: { name: string; time: number; properties: Record<string, string> }[];
  cases: JunitCase[];
} {
  const root = create(xml).root().node as unknown as Element;
  const suites = list(root.getElementsByTagName('testsuite')).map((s) => ({
    name: s.getAttribute('name')!,
    time: Number(s.getAttribute('time')),
    // The suite's own properties, not those of its test cases.
    properties: propertiesOf(list(s.childNodes).find((n): n is Element => n.nodeName === 'properties')),
  }));
  const cases = list(root.getElementsByTagName('testcase')).map((tc): JunitCase => {
    const properties = propertiesOf(tc);
    const element = (['failure', 'error', 'skipped'] as const).find((e) => tc.getElementsByTagName(e).length);
    const el = element ? tc.getElementsByTagName(element)[0] : undefined;
    const message = el?.getAttribute('message') ?? undefined;
    const status =
      element === 'failure'
        ? 'fail'
        : element === 'error'
          ? 'error'
          : element === 'skipped'
            ? message?.startsWith('untested')
              ? 'untested'
              : message?.startsWith('not applicable')
                ? 'not-applicable'
                : message?.startsWith('interrupted')
                  ? 'interrupted'
                  : message?.startsWith('expected-fail')
                    ? 'expected-fail'
                    : 'skipped'
            : 'pass';
    return {
      rule: properties.rule!,
      name: tc.getAttribute('name')!,
      status,
      message,
      text: el?.textContent ?? undefined,
      properties,
      time: Number(tc.getAttribute('time')),
    };
  });
  const totals = Object.fromEntries(['tests', 'failures', 'errors', 'skipped'].map((k) => [k, root.getAttribute(k)!]));
  return { totals, time: Number(root.getAttribute('time')), suites, cases };
}

export interface AllureResult {
  name: string;
  status?: string;
  labels: { name: string; value: string }[];
  links: { url: string; name?: string; type?: string }[];
  steps: { name: string; attachments: { name: string; type: string; source: string }[] }[];
  attachments: { name: string; type: string; source: string }[];
  statusDetails?: { message?: string };
}

export function readAllureResults(dir: string): AllureResult[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as AllureResult);
}

export const label = (r: AllureResult, name: string) => r.labels.filter((l) => l.name === name).map((l) => l.value);

/** A rule's status from its Allure results, by the precedence the JSON report uses (fail, error, pass, skipped). */
export function allureRuleStatuses(results: AllureResult[]): Map<string, string> {
  const byRule = new Map<string, string[]>();
  for (const r of results) {
    const id = label(r, 'ruleId')[0]!;
    byRule.set(id, [...(byRule.get(id) ?? []), r.status ?? 'unknown']);
  }
  const order: [string, string][] = [
    ['failed', 'fail'],
    ['broken', 'error'],
    ['passed', 'pass'],
    ['skipped', 'skipped'],
    ['unknown', 'untested'],
  ];
  return new Map([...byRule].map(([id, statuses]) => [id, order.find(([allure]) => statuses.includes(allure))![1]]));
}

/** The facts of the HTML report's summary (target, seed, ...), by name, their text unescaped. */
export function htmlFacts(html: string): Map<string, string> {
  const facts = /<dl class="facts">(.*?)<\/dl>/s.exec(html)?.[1] ?? '';
  const text = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  return new Map([...facts.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/gs)].map((m) => [text(m[1]!), text(m[2]!)]));
}

/** Rule id → status of each rule shown in the HTML report, as its data attributes say. */
export function htmlRuleStatuses(html: string): Map<string, string> {
  return new Map(
    [...html.matchAll(/<details class="rule" id="rule-[^"]*" data-rule="([^"]+)" data-status="([^"]+)"/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}
