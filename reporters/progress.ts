// Progress on stderr while checks run: on a terminal a live line (checks done out of total, current section);
// elsewhere (CI logs) one line per finished suite file.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { basename } from 'node:path';

export class ProgressReporter implements Reporter {
  private total = 0;
  private done = 0;
  private section = '';

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  onTestModuleCollected(module: TestModule): void {
    this.total += [...module.children.allTests()].length;
    this.draw();
  }

  onTestModuleStart(module: TestModule): void {
    this.section = basename(module.moduleId).replace(/\.test\.ts$/, '');
    this.draw();
  }

  onTestCaseResult(_testCase: TestCase): void {
    this.done += 1;
    this.draw();
  }

  onTestModuleEnd(module: TestModule): void {
    if (!this.out.isTTY) this.out.write(`${basename(module.moduleId).replace(/\.test\.ts$/, '')}: done (${this.done}/${this.total} checks)\n`);
  }

  onTestRunEnd(): void {
    if (this.out.isTTY) this.out.write('\r\x1b[K');
  }

  private draw(): void {
    if (this.out.isTTY) this.out.write(`\r\x1b[Kchecks ${this.done}/${this.total}  ${this.section}`);
  }
}
