// Every exchange rule, in the order of the spec's sections.
import { authRules } from './auth-rules.ts';
import { clusterRules } from './cluster-rules.ts';
import { dateRules } from './date-rules.ts';
import { envelopeRules } from './envelope-rules.ts';
import { eventRules } from './event-rules.ts';
import { errorRules } from './error-rules.ts';
import { formatRules } from './format-rules.ts';
import { linkRules } from './link-rules.ts';
import { projectRules } from './project-rules.ts';
import { listRules } from './list-rules.ts';
import { methodRules } from './method-rules.ts';
import type { ExchangeRule } from './rule.ts';
import { servedVersionRules } from './served-version-rules.ts';
import { versionRules } from './version-rules.ts';

export const exchangeRules: readonly ExchangeRule[] = [
  ...formatRules,
  ...dateRules,
  ...linkRules,
  ...listRules,
  ...envelopeRules,
  ...projectRules,
  ...methodRules,
  ...authRules,
  ...eventRules,
  ...errorRules,
  ...versionRules,
  ...servedVersionRules,
  ...clusterRules,
];

/** The rule ids that have exchange rules. */
export const exchangeRuleIds = [...new Set(exchangeRules.map((r) => r.rule))];

/** The exchange rules of rule `id`. */
export const exchangeRulesOf = (id: string): ExchangeRule[] => exchangeRules.filter((r) => r.rule === id);

/** What the exchange rules of rule `id` judge, as the title of their check. */
export const exchangeCheckTitle = (id: string): string =>
  exchangeRulesOf(id)
    .map((r) => r.title)
    .join('; ');
