// `conformance verify FILE [--public-key PEM]`: is this certificate intact (its SHA-256 matches its content), signed
// by the holder of the public key when one is given, and made by this suite (suite version, spec and catalogue
// checksums), with a verdict that follows from its rule results?
import { existsSync } from 'node:fs';
import { certificateProblems, type Certificate } from '../report/certificate.ts';
import { readJsonFile } from '../json-file.ts';
import { UsageError } from './args.ts';
import { readPublicKey } from './keys.ts';

function sealText(c: Certificate, keyGiven: boolean): string {
  if (!c.signature) return 'unsigned: for local use, its hash shows it intact but not who made it';
  if (keyGiven) return `signed with key ${c.signature.publicKeySha256}, signature verified`;
  return `signed with key ${c.signature.publicKeySha256}, signature NOT checked: pass the signer's --public-key`;
}

export function verifyCommand(o: { file: string; publicKey?: string }): number {
  if (!existsSync(o.file)) throw new UsageError(`verify: no such file: ${o.file}`);
  const publicKey = o.publicKey !== undefined ? readPublicKey(o.publicKey) : undefined;
  let value: unknown;
  try {
    value = readJsonFile(o.file);
  } catch (e) {
    process.stdout.write(`invalid: ${(e as Error).message}\n`);
    return 1;
  }
  const problems = certificateProblems(value, publicKey);
  if (problems.length) {
    process.stdout.write(`invalid: ${o.file}\n${problems.map((p) => `  ${p}\n`).join('')}`);
    return 1;
  }
  const c = value as Certificate;
  process.stdout.write(
    `valid: ${o.file}: ${c.target.name} (${c.target.baseUrl}) is ${c.verdict.conformant ? 'conformant' : 'not conformant'}` +
      ` (suite ${c.suite.version}, ${c.startedAt}, seed ${c.seed}, num-runs ${c.numRuns}, cases ${c.cases})\n  ${sealText(c, publicKey !== undefined)}\n` +
      c.verdict.reasons.map((r) => `  ${r}\n`).join(''),
  );
  return 0;
}
