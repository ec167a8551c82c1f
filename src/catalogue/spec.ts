// The specification the catalogue anchors on: its checksum, and section titles for the report.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const specFile = fileURLToPath(new URL('../../spec/admin-api-spec.md', import.meta.url));

const text = readFileSync(specFile, 'utf8');
export const specChecksum = createHash('sha256').update(text).digest('hex');

/** Section number → title, from the spec's headings ("## 2. Resources", "### 2.3 List responses"). */
export const sectionTitles: ReadonlyMap<string, string> = new Map(
  [...text.matchAll(/^#{2,3} (\d+(?:\.\d+)*)\.? (.+)$/gm)].map((m) => [m[1]!, m[2]!.trim()]),
);
