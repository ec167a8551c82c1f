import { start, call, V2, V1, IDS } from './test/reference/helpers.ts';
const s = await start();
const A = `/groups/${IDS.groupA}`;
const P = encodeURIComponent('cluster-a0-shard-00-00.abcde.platform.example:27017');
const show = (label: string, r: any) => console.log(label, r.status, r.text.slice(0, 500));
for (const [l, p] of [
  ['events', `${A}/events?itemsPerPage=2`], ['events min', `${A}/events?minDate=2025-04-20&maxDate=2025-04-22T09:00:00`], ['events bad', `${A}/events?minDate=2025-13-01`],
  ['event', `${A}/events/650000000000000000e0a003`], ['alerts', `${A}/alerts?status=OPEN`], ['alert', `${A}/alerts/650000000000000000a1a001`],
  ['alertConfigs', `${A}/alertConfigs?itemsPerPage=1`], ['alertConfig alerts', `${A}/alertConfigs/650000000000000000acf001/alerts`],
  ['restoreJobs', `${A}/clusters/cluster-a0/backup/restoreJobs`], ['restoreJob', `${A}/clusters/cluster-a0/backup/restoreJobs/650000000000000000f0a001`],
  ['snapshots', `${A}/clusters/cluster-a2/backup/tenant/snapshots`], ['snapshot', `${A}/clusters/cluster-a2/backup/tenant/snapshots/6500000000000000005a0a21`],
  ['suggested', `${A}/clusters/cluster-a0/performanceAdvisor/suggestedIndexes`], ['drop', `${A}/clusters/cluster-a0/performanceAdvisor/dropIndexSuggestions`],
  ['processes', `${A}/processes`], ['process', `${A}/processes/${P}`], ['dbs', `${A}/processes/${P}/databases`],
  ['meas', `${A}/processes/${P}/databases/sample_mflix/measurements?granularity=PT1H&period=PT3H&m=DATABASE_DATA_SIZE`],
  ['meas2', `${A}/processes/${P}/databases/sample_mflix/measurements?granularity=PT1H&start=2025-05-01T00:00:00Z&end=2025-05-01T02:00:00Z`],
  ['meas bad', `${A}/processes/${P}/databases/sample_mflix/measurements?granularity=PT1H`],
  ['slow', `${A}/processes/${P}/performanceAdvisor/slowQueryLogs?includeMetrics=true&includeOpType=true`],
  ['slow plain', `${A}/processes/${P}/performanceAdvisor/slowQueryLogs`],
]) show(l, await call(s, V2 + p, { as: 'owner' }));
const body = { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, notifications: [{ typeName: 'GROUP', intervalMin: 5, delayMin: 0, roles: ['GROUP_OWNER'] }], metricThreshold: { metricName: 'dataFederation.bytesProcessed.daily', operator: 'GREATER_THAN', threshold: 1 } };
show('ac removed', await call(s, V2 + `${A}/alertConfigs`, { as: 'owner', method: 'POST', body }));
body.metricThreshold.metricName = 'CONNECTIONS'; (body as any).severityOverride = 'CRITICAL';
const c = await call(s, V2 + `${A}/alertConfigs`, { as: 'owner', method: 'POST', body });
show('ac create', c); console.log(c.headers.location);
show('ac bad notif', await call(s, V2 + `${A}/alertConfigs`, { as: 'owner', method: 'POST', body: { ...body, notifications: [{ typeName: 'GROUP', foo: 1 }] } }));
show('ac patch', await call(s, V2 + `${A}/alertConfigs/${c.json.id}`, { as: 'owner', method: 'PATCH', body: { enabled: false } }));
show('ac patch other', await call(s, V2 + `${A}/alertConfigs/${c.json.id}`, { as: 'owner', method: 'PATCH', body: { eventTypeName: 'NO_PRIMARY' } }));
show('ac put', await call(s, V2 + `${A}/alertConfigs/${c.json.id}`, { as: 'owner', method: 'PUT', body: { eventTypeName: 'NO_PRIMARY', notifications: [{ typeName: 'GROUP' }] } }));
show('ac delete', await call(s, V2 + `${A}/alertConfigs/${c.json.id}`, { as: 'owner', method: 'DELETE' }));
show('ac get deleted', await call(s, V2 + `${A}/alertConfigs/${c.json.id}`, { as: 'owner' }));
show('rj create', await call(s, V2 + `${A}/clusters/cluster-a0/backup/restoreJobs`, { as: 'owner', method: 'POST', body: { deliveryType: 'download', snapshotId: '6500000000000000005a0a01' } }));
show('group create', await call(s, V2 + `/groups`, { as: 'owner', method: 'POST', body: { name: 'new-proj', orgId: IDS.org } }));
show('group dup', await call(s, V2 + `/groups`, { as: 'serviceAccount', method: 'POST', body: { name: 'new-proj', orgId: IDS.org } }));
show('byName', await call(s, V2 + `/groups/byName/new-proj`, { as: 'owner' }));
show('group patch ro', await call(s, V2 + `/groups/${IDS.groupB}`, { as: 'owner', method: 'PATCH', body: { orgId: IDS.org } }));
show('group delete', await call(s, V2 + `/groups/${IDS.groupB}`, { as: 'owner', method: 'DELETE' }));
show('group deleted', await call(s, V2 + `/groups/${IDS.groupB}`, { as: 'owner' }));
show('bad method', await call(s, V2 + `/groups`, { as: 'owner', method: 'OPTIONS' }));
show('413', await call(s, V2 + `/groups`, { as: 'owner', method: 'POST', body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) }));
await s.close();
