// Spec 6: "Audit events of variant NDS Audits carry the property eventTypeName". An event is of that variant when
// its type is one of the variant's: named by eventTypeName or, where an event lacks it, by another of its fields.
// Events of other variants, and events that name no type at all, are not judged.
import { isObject } from './json-walk.ts';

// 6: "Values added on 18 April 2025" (of eventTypeName, the event type's name).
export const added20250418 = [
  'AUTO_HEALING_CANNOT_REPAIR_INTERNAL',
  'AUTO_HEALING_CANNOT_RESYNC_INTERNAL',
  'AUTO_HEALING_REQUESTED_CRITICAL_INSTANCE_POWER_CYCLE',
  'AUTO_HEALING_REQUESTED_INSTANCE_REPLACEMENT',
  'AUTO_HEALING_REQUESTED_NODE_RESYNC',
  'FTDC_SETTINGS_UPDATED',
];

export interface NdsAuditJudgement {
  /** How many events of the variant were found. */
  judged: number;
  /** Those among them without eventTypeName (a non-empty string), with their place in the list. */
  without: { item: number; event: Record<string, unknown> }[];
}

/** Finds the NDS Audits events of a list (by `ndsTypes`, the variant's event types) and those without eventTypeName. */
export function judgeNdsAuditEvents(events: readonly unknown[], ndsTypes: ReadonlySet<string>): NdsAuditJudgement {
  const out: NdsAuditJudgement = { judged: 0, without: [] };
  events.forEach((event, item) => {
    if (!isObject(event)) return;
    const name = event.eventTypeName;
    if (typeof name === 'string' && name !== '') {
      if (ndsTypes.has(name)) out.judged++;
      return;
    }
    if (!Object.values(event).some((v) => typeof v === 'string' && ndsTypes.has(v))) return;
    out.judged++;
    out.without.push({ item, event });
  });
  return out;
}
