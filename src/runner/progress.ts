// Progress on stderr while checks run: on a terminal a live line (rules done out of total, current spec
// section); elsewhere (CI logs) a plain line per finished spec section with its rules' tallies, and the totals at
// the end. A rule is done when its last check is, its exchange-rule check (in the file run last) included.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { findRule } from '../catalogue/catalogue.ts';
import { exchangeRuleIds } from '../exchange-rules/registry.ts';
import '../harness/outcome-meta.ts';
import type { Status } from '../outcome.ts';
import { sectionHeading } from '../catalogue/spec-section.ts';
import { exchangesFile } from './section-files.ts';

/** Check names start with their rule id and a colon (src/harness/check.ts). */
const ruleOf = (t: TestCase) => t.name.slice(0, t.name.indexOf(': '));
/** Every exchange rule has one check, in the file the runner gives vitest last. */
const hasExchangeCheck = new Set(exchangeRuleIds);
const isExchangesModule = (m: TestModule) => m.moduleId.endsWith(`/suites/${exchangesFile}`);

type Judged = Exclude<Status, 'untested'>;
/** A rule's status from its checks', as the report aggregates them (src/report/aggregate.ts). */
const precedence: Judged[] = ['fail', 'error', 'pass', 'skipped'];

/** "9 rules: 9 pass, 0 fail, 0 error, 0 skipped". */
function tally(statuses: Judged[]): string {
  const n = (s: Judged) => statuses.filter((x) => x === s).length;
  return `${statuses.length} rule${statuses.length === 1 ? '' : 's'}: ${n('pass')} pass, ${n('fail')} fail, ${n('error')} error, ${n('skipped')} skipped`;
}

export class ProgressReporter implements Reporter {
  /** Checks still to finish, per rule. */
  private readonly pending = new Map<string, number>();
  /** The statuses of each rule's finished checks. */
  private readonly checks = new Map<string, Judged[]>();
  /** Rules counted, before their file was collected, as awaiting their exchange-rule check. */
  private readonly awaitingExchange = new Set<string>();
  private done = 0;
  private section = '';
  private readonly startedAt = Date.now();

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  onTestModuleCollected(module: TestModule): void {
    const exchanges = isExchangesModule(module);
    for (const t of module.children.allTests()) {
      // Checks left out by a rule filter are collected as skipped and never run.
      if (t.options.mode === 'skip') continue;
      const rule = ruleOf(t);
      if (exchanges && this.awaitingExchange.delete(rule)) continue;
      // A rule the filter keeps keeps its exchange-rule check too: count it now, or the rule would be done twice.
      const awaits = !exchanges && hasExchangeCheck.has(rule) && !this.awaitingExchange.has(rule);
      if (awaits) this.awaitingExchange.add(rule);
      this.pending.set(rule, (this.pending.get(rule) ?? 0) + 1 + (awaits ? 1 : 0));
    }
    this.draw();
  }

  onTestCaseResult(testCase: TestCase): void {
    const rule = ruleOf(testCase);
    const left = this.pending.get(rule);
    if (left === undefined) return;
    // A check without an outcome did not finish: the collector counts it as an error too.
    const status = testCase.meta().conformance?.outcome?.status ?? 'error';
    this.checks.set(rule, [...(this.checks.get(rule) ?? []), status]);
    this.pending.set(rule, left - 1);
    const section = findRule(rule)?.section;
    if (section) this.section = sectionHeading(section);
    if (left === 1) {
      this.done += 1;
      if (section && !this.out.isTTY) this.sectionDone(section);
    }
    this.draw();
  }

  onTestRunEnd(): void {
    if (this.out.isTTY) {
      this.out.write('\r\x1b[K');
      return;
    }
    const seconds = Math.round((Date.now() - this.startedAt) / 1000);
    const rules = [...this.pending.keys()];
    const finished = rules.filter((r) => this.pending.get(r) === 0);
    // An interrupted run leaves rules whose checks did not all finish.
    const unfinished = rules.length - finished.length;
    this.out.write(
      `checks done in ${seconds} s: ${tally(finished.map((r) => this.statusOf(r)))}${unfinished ? `; ${unfinished} not finished` : ''}\n`,
    );
  }

  private statusOf(rule: string): Judged {
    const mine = this.checks.get(rule) ?? [];
    return precedence.find((s) => mine.includes(s))!;
  }

  /** Once every rule of `section` is done: its heading and its rules' tallies. */
  private sectionDone(section: string): void {
    const mine = [...this.pending.keys()].filter((r) => findRule(r)?.section === section);
    if (mine.some((r) => this.pending.get(r) !== 0)) return;
    this.out.write(
      `${sectionHeading(section)}: ${tally(mine.map((r) => this.statusOf(r)))} (${this.done}/${this.pending.size} rules done)\n`,
    );
  }

  private draw(): void {
    if (this.out.isTTY) this.out.write(`\r\x1b[Krules ${this.done}/${this.pending.size}  ${this.section}`);
  }
}
