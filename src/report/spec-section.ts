// A spec section as reports name and link it: "§2.3 List responses", and the heading's anchor in the spec file
// (the anchor a Markdown renderer such as GitHub's gives the heading), so that a report can point at the text.
import { sectionTitles } from '../catalogue/spec.ts';

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
