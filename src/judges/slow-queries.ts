// Spec 2.6, 4.4: the include switches of the slow-queries operation and the item property each one adds.
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
  on: boolean;
  carrying: number;
  of: number;
}

/** The switches whose effect the items do not show: on, no item carries the property; off, some item does. */
export function switchesWithoutEffect(
  items: readonly unknown[],
  query: Partial<Record<IncludeSwitch, boolean>>,
): SwitchEffect[] {
  const objects = items.filter(isObject);
  return (Object.entries(includeSwitches) as [IncludeSwitch, string][])
    .map(([name, property]) => ({
      name,
      property,
      on: query[name] === true,
      carrying: objects.filter((q) => property in q).length,
      of: objects.length,
    }))
    .filter((s) => (s.on ? s.carrying === 0 : s.carrying > 0));
}
