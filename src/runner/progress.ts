// Progress on stderr while checks run: on a terminal a live line (rules done out of total, current spec
// section); elsewhere (CI logs) one line per finished suite file. A rule is done when its last check is.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { basename } from 'node:path';
import { findRule } from '../catalogue/catalogue.ts';
import { sectionHeading } from '../report/spec-section.ts';

/** Check names start with their rule id and a colon (src/harness/check.ts). */
const ruleOf = (t: TestCase) => t.name.slice(0, t.name.indexOf(': '));

export class ProgressReporter implements Reporter {
  /** Checks still to finish, per rule. */
  private readonly pending = new Map<string, number>();
  private done = 0;
  private section = '';

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  onTestModuleCollected(module: TestModule): void {
    for (const t of module.children.allTests()) {
      // Checks left out by a rule filter are collected as skipped and never run.
      if (t.options.mode === 'skip') continue;
      this.pending.set(ruleOf(t), (this.pending.get(ruleOf(t)) ?? 0) + 1);
    }
    this.draw();
  }

  onTestCaseResult(testCase: TestCase): void {
    const rule = ruleOf(testCase);
    const left = this.pending.get(rule);
    if (left === undefined) return;
    if (left === 1) this.done += 1;
    this.pending.set(rule, left - 1);
    const section = findRule(rule)?.section;
    if (section) this.section = sectionHeading(section);
    this.draw();
  }

  onTestModuleEnd(module: TestModule): void {
    if (!this.out.isTTY)
      this.out.write(
        `${basename(module.moduleId).replace(/\.test\.ts$/, '')}: done (${this.done}/${this.pending.size} rules)\n`,
      );
  }

  onTestRunEnd(): void {
    if (this.out.isTTY) this.out.write('\r\x1b[K');
  }

  private draw(): void {
    if (this.out.isTTY) this.out.write(`\r\x1b[Krules ${this.done}/${this.pending.size}  ${this.section}`);
  }
}
