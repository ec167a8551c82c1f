// Allure's own file writer makes each file durable by itself (a temporary file, fsync, rename): about two seconds
// for the thousand files of a run, spent after the last check. A results directory is emptied and rewritten by
// every run, so plain writes do.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Globals, TestResult, TestResultContainer } from 'allure-js-commons';
import type { Category, EnvironmentInfo } from 'allure-js-commons/sdk';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';

export class PlainFileWriter implements Writer {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private put(name: string, data: string | Buffer): void {
    writeFileSync(join(this.dir, name), data);
  }

  writeResult(result: TestResult): void {
    this.put(`${result.uuid}-result.json`, JSON.stringify(result));
  }

  writeGroup(result: TestResultContainer): void {
    this.put(`${result.uuid}-container.json`, JSON.stringify(result));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.put(distFileName, content);
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, join(this.dir, distFileName));
  }

  writeEnvironmentInfo(info: EnvironmentInfo): void {
    this.put('environment.properties', stringifyEnvInfo(info));
  }

  writeCategoriesDefinitions(categories: Category[]): void {
    this.put('categories.json', JSON.stringify(categories));
  }

  writeGlobals(distFileName: string, info: Globals): void {
    this.put(distFileName, JSON.stringify(info));
  }
}
