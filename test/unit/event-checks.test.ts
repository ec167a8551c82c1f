// Spec 6: which events EVT-EVENT-TYPE-NAME judges (those of the variant NDS Audits) and which of them break it.
import { describe, expect, it } from 'vitest';
import { judgeNdsAuditEvents } from '../../src/judges/nds-audit-events.ts';

const nds = new Set(['CLUSTER_CREATED', 'FTDC_SETTINGS_UPDATED']);

describe('NDS Audits events and eventTypeName', () => {
  it('judges the events whose eventTypeName is a type of the variant, and passes them', () => {
    const events = [
      { id: 'a', eventTypeName: 'CLUSTER_CREATED' },
      { id: 'b', eventTypeName: 'PRIMARY_ELECTED' },
      { id: 'c', eventTypeName: 'FTDC_SETTINGS_UPDATED' },
    ];
    expect(judgeNdsAuditEvents(events, nds)).toEqual({ judged: 2, without: [] });
  });

  it('leaves events of other variants without eventTypeName unjudged: the spec asks it of NDS Audits only', () => {
    expect(
      judgeNdsAuditEvents([{ id: 'a', eventType: 'PRIMARY_ELECTED' }, { id: 'b' }, 'not an event', null], nds),
    ).toEqual({ judged: 0, without: [] });
  });

  it('fails an event of the variant that names its type in another field, or in an empty eventTypeName', () => {
    const moved = { id: 'a', eventType: 'CLUSTER_CREATED' };
    const empty = { id: 'b', eventTypeName: '', type: 'FTDC_SETTINGS_UPDATED' };
    expect(judgeNdsAuditEvents([{ id: 'c', eventTypeName: 'CLUSTER_CREATED' }, moved, empty], nds)).toEqual({
      judged: 3,
      without: [
        { item: 1, event: moved },
        { item: 2, event: empty },
      ],
    });
  });

  it('judges nothing in an empty list', () => {
    expect(judgeNdsAuditEvents([], nds)).toEqual({ judged: 0, without: [] });
  });
});
