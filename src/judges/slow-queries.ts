// Spec 2.6, 4.4: the include switches of the slow-queries operation and the item property each one adds. The spec
// gives no default, nor what a switch left out or false does: only a switch on, whose property some item carries.
import { isObject } from './json-walk.ts';

export const includeSwitches = {
  includeMetrics: 'metrics',
  includeOpType: 'opType',
  includeReplicaState: 'replicaState',
} as const;
export type IncludeSwitch = keyof typeof includeSwitches;

export interface SwitchEffect {
  name: IncludeSwitch;
  property: string;
  /** How many slow queries were read. */
  of: number;
}

/** The switches on whose property no item carries (a switch off, or left out, is judged by nothing the spec says). */
export function switchesWithoutEffect(
  items: readonly unknown[],
  query: Partial<Record<IncludeSwitch, boolean>>,
): SwitchEffect[] {
  const objects = items.filter(isObject);
  return (Object.entries(includeSwitches) as [IncludeSwitch, string][])
    .filter(([name, property]) => query[name] === true && !objects.some((q) => property in q))
    .map(([name, property]) => ({ name, property, of: objects.length }));
}
