import { start, call, V2, V1, IDS } from './test/reference/helpers.ts';
const s = await start();
for (const p of [V2 + `/groups/${IDS.groupA}/clusters/cluster-a0`, V1 + `/groups/${IDS.groupA}/clusters/cluster-a2`])
  console.log(JSON.stringify((await call(s, p, { as: 'owner' })).json, null, 1));
const r = await call(s, V1 + `/groups/${IDS.groupA}/clusters/cluster-a0`, { as: 'owner', method: 'PATCH', body: { numShards: 2, providerSettings: { instanceSizeName: 'M30' } } });
console.log(r.status, JSON.stringify(r.json).slice(0, 3000));
const r2 = await call(s, V2 + `/groups/${IDS.groupA}/clusters/cluster-a0`, { as: 'owner', method: 'PATCH', body: { paused: true, tags: [{ key: 'a', value: 'b', foo: 1 }] } });
console.log(r2.status, r2.text);
await s.close();
