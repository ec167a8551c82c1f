// Spec 6: "Audit events of variant NDS Audits carry the property eventTypeName". An event is of that variant when
// its type is one of the variant's: named by eventTypeName or, where an event lacks it, by another of its fields.
// Events of other variants, and events that name no type at all, are not judged.
import { isObject } from './json-walk.ts';

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
