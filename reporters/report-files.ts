// Every file of a run's reports directory besides conformance.json: JUnit XML, the HTML report, Allure results
// for rules no check ran (with --allure; otherwise an earlier run's are removed), and the certificate when the run may give one (no rule filter, no baseline, not
// interrupted). A certificate left from an earlier run is removed otherwise: it would describe another run.
import type { KeyObject } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../src/profile/profile.ts';
import { buildCertificate, verdictLine, type Certificate } from '../src/report/certificate.ts';
import type { Report } from '../src/report/report.ts';
import { writeUncheckedRules } from './allure-results.ts';
import { writeHtmlReport } from './html/page.ts';
import { writeJunitReport } from './junit.ts';

export const allureResultsDir = (reportsDir: string) => join(reportsDir, 'allure-results');

export interface ReportFiles {
  junit: string;
  html: string;
  certificate?: { file: string; record: Certificate };
}

export function writeReportFiles(
  report: Report,
  dir: string,
  target: { profile: Profile; tlsFingerprint256?: string; signKey?: KeyObject },
  allure: boolean,
): ReportFiles {
  mkdirSync(dir, { recursive: true });
  // Results left by an earlier run would read as this run's.
  if (allure) writeUncheckedRules(report, allureResultsDir(dir));
  else rmSync(allureResultsDir(dir), { recursive: true, force: true });
  const certificateFile = join(dir, 'certificate.json');
  let certificate: ReportFiles['certificate'];
  if (report.filter || report.baseline || report.interrupted) {
    rmSync(certificateFile, { force: true });
  } else {
    const record = buildCertificate(report, target.profile, target.tlsFingerprint256, target.signKey);
    writeFileSync(certificateFile, `${JSON.stringify(record, null, 2)}\n`);
    certificate = { file: certificateFile, record };
  }
  // The HTML report says the certificate's verdict, so the certificate is made first.
  const html = writeHtmlReport(report, dir, certificate && verdictLine(certificate.record));
  const files: ReportFiles = { junit: writeJunitReport(report, dir), html, ...(certificate ? { certificate } : {}) };
  return files;
}
