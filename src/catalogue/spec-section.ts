// A spec section as reports name and link it: "§2.3 List responses", and the heading's anchor in the spec file
// (the anchor a Markdown renderer such as GitHub's gives the heading), so that a report can point at the text.
import { readFileSync } from 'node:fs';
import { sectionTitles, specFile } from './spec.ts';

const specLines = readFileSync(specFile, 'utf8').split('\n');

/** The text of a section, its heading included, up to the next heading of its level or above: what a report shows
 * beside a rule, so that the reader needs no link that could break. */
export function sectionText(section: string): string {
  const heading = /^(#{2,3}) (\d+(?:\.\d+)*)\.? /;
  const start = specLines.findIndex((l) => heading.exec(l)?.[2] === section);
  if (start < 0) return '';
  const level = heading.exec(specLines[start]!)![1]!.length;
  const end = specLines.findIndex((l, i) => i > start && /^#+ /.test(l) && /^#+/.exec(l)![0].length <= level);
  return specLines
    .slice(start, end < 0 ? undefined : end)
    .join('\n')
    .trim();
}

export const specPath = 'spec/admin-api-spec.md';

export function sectionHeading(section: string): string {
  const title = sectionTitles.get(section);
  return title ? `§${section} ${title}` : `§${section}`;
}

/** "## 2.3 List responses" → "23-list-responses"; "## 1. What the service does" → "1-what-the-service-does". */
export function sectionAnchor(section: string): string {
  return `${section} ${sectionTitles.get(section) ?? ''}`
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Link to the section, relative to the repository root. */
export function sectionLink(section: string): string {
  return `${specPath}#${sectionAnchor(section)}`;
}
