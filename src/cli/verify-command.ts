// `conformance verify FILE [--public-key PEM]`: is this certificate intact (its SHA-256 matches its content), signed
// by the holder of the public key when one is given, and made by this suite (suite version, spec and catalogue
// checksums), with a verdict that follows from its rule results? The exit code is what a CI gate needs: 0 for an
// intact, conformant certificate, 1 for an intact one that says not conformant, 2 for one that does not verify.
import { existsSync } from 'node:fs';
import { certificateProblems, verdictLine, type Certificate } from '../report/certificate.ts';
import { readJsonFile } from '../json-file.ts';
import { UsageError } from './args.ts';
import { readPublicKey } from './keys.ts';

/** The exit code of a certificate that does not verify: distinct from 1, which an intact "not conformant" one gets. */
const notVerified = 2;

function sealText(c: Certificate, keyGiven: boolean): string {
  if (!c.signature)
    return 'unsigned: for local use, its hash shows it unchanged but not who made it (anyone can recompute a hash)';
  if (keyGiven) return `signed with key ${c.signature.publicKeySha256}, signature verified`;
  return `signed with key ${c.signature.publicKeySha256}, signature NOT checked: pass the signer's --public-key (without it, anyone could have added the signature)`;
}

/** The last line, on standard error, of a verify that does not exit 0: which of the two it is. */
function exitLine(code: number, why: string): void {
  process.stderr.write(`conformance: exit ${code}: ${why}\n`);
}

export function verifyCommand(o: { file: string; publicKey?: string }): number {
  if (!existsSync(o.file)) throw new UsageError(`verify: no such file: ${o.file}`);
  const publicKey = o.publicKey !== undefined ? readPublicKey(o.publicKey) : undefined;
  let value: unknown;
  try {
    value = readJsonFile(o.file);
  } catch (e) {
    process.stdout.write(`invalid: ${(e as Error).message}\n`);
    exitLine(notVerified, `${o.file} does not verify: it is not JSON`);
    return notVerified;
  }
  const problems = certificateProblems(value, publicKey);
  if (problems.length) {
    process.stdout.write(`invalid: ${o.file}\n${problems.map((p) => `  ${p}\n`).join('')}`);
    exitLine(
      notVerified,
      `${o.file} does not verify (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}): its verdict cannot be trusted`,
    );
    return notVerified;
  }
  const c = value as Certificate;
  process.stdout.write(
    `valid: ${o.file}: ${c.target.name} (${c.target.baseUrl}) is ${c.verdict.conformant ? 'conformant' : 'not conformant'}` +
      ` (suite ${c.suite.version}, ${c.startedAt}, seed ${c.seed}, num-runs ${c.numRuns}, cases ${c.cases})\n  ${sealText(c, publicKey !== undefined)}\n` +
      c.verdict.reasons.map((r) => `  ${r}\n`).join(''),
  );
  if (c.verdict.conformant) return 0;
  exitLine(1, `${o.file} verifies, and says ${verdictLine(c)}`);
  return 1;
}
