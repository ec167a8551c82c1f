import tls from 'node:tls';
import { start, call, V2 } from './test/reference/helpers.ts';
const s = await start({ vendor: 'atlas' });
const port = Number(new URL(s.target.url).port);
const raw = (text: string) => new Promise<string>((resolve) => {
  const sock = tls.connect({ host: '127.0.0.1', port, ca: s.target.caPem }, () => sock.write(text));
  let out = ''; sock.on('data', (d) => (out += d)); sock.on('end', () => resolve(out)); sock.on('error', (e) => resolve('ERR ' + e.message));
  setTimeout(() => { sock.destroy(); resolve(out); }, 1000);
});
console.log((await raw('FOOBAR /api/atlas/v2 HTTP/1.1\r\nHost: x\r\n\r\n')).slice(0, 300));
console.log('---'); console.log((await raw('GET /api/atlas/v2/groups HTTP/1.0\r\nAccept: application/vnd.atlas.2023-02-01+json\r\n\r\n')).slice(0, 600));
console.log('---'); console.log((await raw('GET /api/atlas/v2/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).slice(0, 600));
const A = '/api/atlas/v2';
const acc = { accept: 'application/vnd.atlas.2023-02-01+json' };
for (const p of [`${A}/groups?pageNum=abc`, `${A}/groups?itemsPerPage=-1`, `${A}/groups?includeCount=maybe`, `${A}/groups/`, `${A}/`, `${A}`, '/api/platform/v2/groups', `${A}/groups/byName/conformance-a`, `${A}/groups/byName/nope`])
  { const r = await call(s, p, { as: 'owner', headers: acc }); console.log(p, r.status, r.headers['content-type'], r.text.slice(0, 160)); }
const r = await call(s, `${A}/groups/6500000000000000000a0001/clusters`, { as: 'owner', method: 'POST', headers: { ...acc, 'content-type': 'application/vnd.atlas.2023-02-01+json' }, body: { name: 'z' } });
console.log(r.status, r.text);
const r2 = await call(s, `${A}/groups`, { as: 'owner', headers: acc, method: 'POST', body: [] });
console.log(r2.status, r2.text);
const r3 = await call(s, `${A}/groups?envelope=true`, { as: 'owner', headers: acc, method: 'DELETE' });
console.log(r3.status, r3.text);
await s.close();
