// What Allure learns about a rule, the same for a check's result and for a rule without checks: the rule's id,
// section, level and tags as labels (plus the standard labels that build Allure's suite and behaviour trees,
// and a severity by level), and the spec section as a link.
import type { Label, Link } from 'allure-js-commons';
import type { Level } from '../catalogue/catalogue.ts';
import { sectionHeading, sectionLink } from '../catalogue/spec-section.ts';

const severity: Record<Level, string> = { MUST: 'critical', SHOULD: 'normal', INFO: 'trivial' };

export interface RuleFacts {
  id: string;
  section: string;
  level: Level;
  tags: string[];
}

export function allureLabels(rule: RuleFacts): Label[] {
  const heading = sectionHeading(rule.section);
  return [
    { name: 'ruleId', value: rule.id },
    { name: 'section', value: rule.section },
    { name: 'level', value: rule.level },
    ...rule.tags.map((t) => ({ name: 'tag', value: t })),
    { name: 'severity', value: severity[rule.level] },
    { name: 'parentSuite', value: heading },
    { name: 'suite', value: rule.id },
    { name: 'epic', value: heading },
    { name: 'feature', value: rule.id },
  ];
}

export function allureSpecLink(section: string): Link {
  return { url: sectionLink(section), name: `spec ${sectionHeading(section)}`, type: 'spec' };
}
