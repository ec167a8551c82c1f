// The certificate of a run (reports/certificate.json): what was checked (suite version, spec and catalogue
// checksums), against what (base URL, TLS certificate fingerprint, the profile: names of environment variables,
// never their values), with which inputs (seed, cases per property, no rule filter), every rule's result and the
// verdict (conformant when every MUST rule passed or is not applicable), sealed with a SHA-256 of the whole record in canonical JSON (RFC 8785: sorted keys, fixed number format),
// so that anyone can recompute it. A hash shows the record intact, not who made it: a certificate for a third party
// is signed (Ed25519 over the same canonical JSON), and verified with the signer's public key.
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import type { Profile } from '../profile/profile.ts';
import { catalogueChecksum, rules as catalogue } from '../catalogue/catalogue.ts';
import { specChecksum } from '../catalogue/spec.ts';
import { schemaChecker } from '../json-file.ts';
import { filterText } from './filter-text.ts';
import type { Report, RuleResult } from './report.ts';
import { suiteVersion } from './build.ts';

export const certificateFormat = 'conformance-certificate/1';

// A CommonJS module: under NodeNext its default import is module.exports, which its types call `.default`.
const canonicalize = ((canonicalizeModule as unknown as { default?: unknown }).default ?? canonicalizeModule) as (
  v: unknown,
) => string | undefined;

export interface SkippedCheck {
  rule: string;
  level: RuleResult['level'];
  check: string;
  fact: string;
  reason: string;
}

export interface Verdict {
  conformant: boolean;
  reasons: string[];
}

export interface Certificate {
  format: typeof certificateFormat;
  suite: Report['suite'];
  spec: Report['spec'];
  catalogue: Report['catalogue'];
  target: Report['target'] & { tlsCertificateSha256: string | null };
  profile: Profile;
  /** SHA-256 of the profile's canonical JSON: the profile names environment variables, never their values. */
  profileSha256: string;
  seed: number;
  /** Generated cases per property check: a certificate of 1 case reads differently from one of 1,000. */
  numRuns: number;
  /** Whether each property stopped once it covered its places (covering) or drew up to numRuns (all). */
  cases: Report['cases'];
  /** The run's rule filter: null, as a certificate covers every rule (a filtered run writes none, verify refuses one). */
  filter: Report['filter'] | null;
  startedAt: string;
  durationMs: number;
  rules: Pick<RuleResult, 'id' | 'level' | 'status' | 'reason' | 'partial'>[];
  /** Every check the run skipped, with the profile fact that explains it. */
  skippedChecks: SkippedCheck[];
  mustTotals: Report['mustTotals'];
  verdict: Verdict;
  /** SHA-256 (hex) of the canonical JSON of every field but this one and `signature`. */
  sha256: string;
  /** Ed25519 signature of the canonical JSON of every other field; null for an unsigned certificate (local use). */
  signature: Signature | null;
}

export interface Signature {
  algorithm: 'Ed25519';
  /** SHA-256 (hex) of the signer's public key (DER, SubjectPublicKeyInfo), to tell keys apart. */
  publicKeySha256: string;
  /** base64 */
  value: string;
}

type Unsealed = Omit<Certificate, 'sha256' | 'signature'>;

const why: Record<string, string> = {
  fail: 'failed',
  error: 'erred (the target misbehaved, so they could not be judged)',
  skipped: 'skipped (they cannot be judged on this target: the reason says what the profile lacks)',
  untested: 'untested (no check implements them yet)',
};

/** Conformant when every MUST rule passes or is not applicable (the profile says the target has none of what it is
 * about), and every MUST check that was skipped names the profile fact that explains it: a MUST rule that was not
 * judged leaves conformance unproven. Rules judged in part and rules not applicable are listed. */
export function verdictOf(
  rules: Pick<RuleResult, 'id' | 'level' | 'status'>[],
  skipped: readonly SkippedCheck[],
): Verdict {
  const must = rules.filter((r) => r.level === 'MUST');
  const reasons = Object.entries(why).flatMap(([status, text]) => {
    const ids = must.filter((r) => r.status === status).map((r) => r.id);
    return ids.length ? [`${ids.length} MUST rule${ids.length > 1 ? 's' : ''} ${text}: ${ids.join(', ')}`] : [];
  });
  const unexplained = skipped.filter((s) => s.level === 'MUST' && !s.fact).map((s) => `${s.rule} (${s.check})`);
  if (unexplained.length)
    reasons.push(`${unexplained.length} MUST check(s) skipped without a profile fact: ${unexplained.join(', ')}`);
  if (reasons.length) return { conformant: false, reasons };
  const partial = [...new Set(skipped.filter((s) => s.level === 'MUST').map((s) => s.rule))];
  const notApplicable = must.filter((r) => r.status === 'not-applicable').map((r) => r.id);
  return {
    conformant: true,
    reasons: [
      notApplicable.length
        ? `${must.length - notApplicable.length} of ${must.length} MUST rules pass, and ${notApplicable.length} ${notApplicable.length === 1 ? 'is' : 'are'} not applicable (the profile says the target has none of what ${notApplicable.length === 1 ? 'it is' : 'they are'} about): ${notApplicable.join(', ')}`
        : `all ${must.length} MUST rules pass`,
      ...(partial.length
        ? [
            `${partial.length} of them in part, some checks skipped for the profile facts listed in skippedChecks: ${partial.join(', ')}`,
          ]
        : []),
    ],
  };
}

const verdictWords: Record<string, string> = {
  fail: 'failed',
  error: 'erred',
  skipped: 'skipped',
  untested: 'untested',
};

/** The verdict in one line, and why: "not conformant: 2 MUST rules skipped (AUTH-X, AUTH-Y)". */
export function verdictLine(c: Pick<Certificate, 'rules' | 'verdict'>): string {
  const must = c.rules.filter((r) => r.level === 'MUST');
  const ids = (status: string) => must.filter((r) => r.status === status).map((r) => r.id);
  const counted = (status: string, words: string) => {
    const list = ids(status);
    return list.length ? [`${list.length} MUST rule${list.length > 1 ? 's' : ''} ${words} (${named(list)})`] : [];
  };
  if (c.verdict.conformant) {
    const notApplicable = ids('not-applicable');
    return `conformant: every MUST rule passed${notApplicable.length ? `, except ${notApplicable.length} not applicable (${named(notApplicable)})` : ''}`;
  }
  const why = Object.entries(verdictWords).flatMap(([status, words]) => counted(status, words));
  return `not conformant: ${why.length ? why.join(', ') : c.verdict.reasons.join('; ')}`;
}

/** A few rule ids, and how many more. */
function named(ids: string[]): string {
  return ids.length > 5 ? `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more` : ids.join(', ');
}

/** The skipped checks of a report's rules, each with its profile fact. */
function skippedChecksOf(rules: readonly RuleResult[]): SkippedCheck[] {
  return rules.flatMap((r) =>
    r.checks
      .filter((c) => c.status === 'skipped')
      .map((c) => ({
        rule: r.id,
        level: r.level,
        check: c.name,
        fact: c.fact ?? '',
        reason: c.reason ?? '',
      })),
  );
}

const sha256Of = (value: unknown) =>
  createHash('sha256')
    .update(canonicalize(value) ?? '')
    .digest('hex');

export function certificateHash(record: Unsealed | Certificate): string {
  const { sha256: _hash, signature: _signature, ...rest } = record as Certificate;
  return sha256Of(rest);
}

/** The bytes a signature covers: the canonical JSON of every field but the signature itself. */
function signedBytes(c: Omit<Certificate, 'signature'> | Certificate): Buffer {
  const { signature: _ignored, ...rest } = c as Certificate;
  return Buffer.from(canonicalize(rest) ?? '');
}

export const publicKeySha256 = (key: KeyObject) =>
  createHash('sha256')
    .update((key.type === 'private' ? createPublicKey(key) : key).export({ type: 'spki', format: 'der' }))
    .digest('hex');

/** Signs a certificate with an Ed25519 private key; without one, the certificate says it is unsigned. */
export function sealCertificate(record: Unsealed, signKey?: KeyObject): Certificate {
  const hashed = { ...record, sha256: certificateHash(record) };
  if (!signKey) return { ...hashed, signature: null };
  return {
    ...hashed,
    signature: {
      algorithm: 'Ed25519',
      publicKeySha256: publicKeySha256(signKey),
      value: sign(null, signedBytes(hashed), signKey).toString('base64'),
    },
  };
}

export function buildCertificate(
  report: Report,
  profile: Profile,
  tlsCertificateSha256: string | undefined,
  signKey?: KeyObject,
): Certificate {
  const rules = report.rules.map((r) => ({
    id: r.id,
    level: r.level,
    status: r.status,
    ...(r.reason ? { reason: r.reason } : {}),
    ...(r.partial ? { partial: r.partial } : {}),
  }));
  const skippedChecks = skippedChecksOf(report.rules);
  // The profile names environment variables only; a copy, so that the record does not change under us.
  const asRun = JSON.parse(JSON.stringify(profile)) as Profile;
  const record: Unsealed = {
    format: certificateFormat,
    suite: report.suite,
    spec: report.spec,
    catalogue: report.catalogue,
    target: { ...report.target, tlsCertificateSha256: tlsCertificateSha256 ?? null },
    profile: asRun,
    profileSha256: sha256Of(asRun),
    seed: report.seed,
    numRuns: report.numRuns,
    cases: report.cases,
    filter: report.filter ?? null,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    rules,
    skippedChecks,
    mustTotals: report.mustTotals,
    verdict: verdictOf(rules, skippedChecks),
  };
  return sealCertificate(record, signKey);
}

const checkSchema = schemaChecker(new URL('../../schemas/certificate.schema.json', import.meta.url));

/** Whether the signature is that of the holder of `publicKey` over this very record; empty when it is. */
function signatureProblems(c: Certificate, publicKey: KeyObject): string[] {
  if (!c.signature) return ['signature: the certificate is unsigned (local use only): nothing shows who made it'];
  const expected = publicKeySha256(publicKey);
  if (c.signature.publicKeySha256 !== expected)
    return [`signature: made with key ${c.signature.publicKeySha256}, not with the public key given (${expected})`];
  if (!verify(null, signedBytes(c), publicKey, Buffer.from(c.signature.value, 'base64'))) {
    return [
      'signature: does not verify with the public key given: the record or the signature was changed after signing',
    ];
  }
  return [];
}

/** Why a certificate is not valid for this suite (empty when it is): its shape, its hash, its signature when a public
 * key is given, the suite version and spec and catalogue checksums it names, the profile's digest, its rules against
 * the catalogue, and its verdict against its rules. */
export function certificateProblems(value: unknown, publicKey?: KeyObject): string[] {
  const shape = checkSchema(value);
  if (shape) return [`not a certificate: ${shape}`];
  const c = value as Certificate;
  const problems: string[] = [];
  if (publicKey) problems.push(...signatureProblems(c, publicKey));
  if (certificateHash(c) !== c.sha256)
    problems.push('sha256 does not match the record: it was changed after it was written');
  if (sha256Of(c.profile) !== c.profileSha256) problems.push('profileSha256 is not the digest of the profile it names');
  if (c.suite.version !== suiteVersion)
    problems.push(`suite.version: made by suite ${c.suite.version}, this is ${suiteVersion}`);
  if (c.spec.sha256 !== specChecksum)
    problems.push(`spec.sha256: ${c.spec.sha256} is not the checksum of this suite's spec (${specChecksum})`);
  if (c.catalogue.sha256 !== catalogueChecksum) {
    problems.push(
      `catalogue.sha256: ${c.catalogue.sha256} is not the checksum of this suite's rule catalogue (${catalogueChecksum})`,
    );
  }
  if (c.filter) problems.push(`filter: a certificate covers every rule, this run judged only ${filterText(c.filter)}`);
  const listed = (rules: readonly { id: string; level: string }[]) =>
    rules
      .map((r) => `${r.id}/${r.level}`)
      .sort()
      .join(',');
  if (listed(c.rules) !== listed(catalogue))
    problems.push('rules: not every rule of the catalogue, once, with its level');
  const verdict = verdictOf(c.rules, c.skippedChecks);
  if (verdict.conformant !== c.verdict.conformant) {
    problems.push(
      `verdict: says ${c.verdict.conformant ? 'conformant' : 'not conformant'}, the rule results say ${verdict.conformant ? 'conformant' : 'not conformant'}`,
    );
  }
  return problems;
}
