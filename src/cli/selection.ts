// The rules a --rule/--tag filter selects; an unknown rule id or tag is a usage error naming the nearest known one.
import { rules, selectRules } from '../catalogue/catalogue.ts';
import { UsageError } from './args.ts';
import { didYouMean } from '../did-you-mean.ts';

export function selectedRules(ids: string[], tags: string[]): Set<string> {
  const knownIds = rules.map((r) => r.id);
  const unknownId = ids.find((id) => !knownIds.includes(id));
  if (unknownId !== undefined)
    throw new UsageError(`unknown rule id: ${unknownId}${didYouMean(unknownId, knownIds)} (see 'conformance rules')`);
  const knownTags = [...new Set(rules.flatMap((r) => r.tags))].sort();
  const unknownTag = tags.find((t) => !knownTags.includes(t));
  if (unknownTag !== undefined)
    throw new UsageError(
      `unknown tag: ${unknownTag}${didYouMean(unknownTag, knownTags)} (known: ${knownTags.join(', ')})`,
    );
  return selectRules(ids, tags);
}
