import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
if (!process.execArgv.some((a) => a.includes('react-server'))) {
  const c = spawnSync(process.execPath, [...process.execArgv, '--conditions=react-server', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(c.status ?? 1);
}
const [url, which, n] = process.argv.slice(2);
const { default: pg } = await import('pg');
const { drizzle } = await import('drizzle-orm/node-postgres');
const { setDbForTesting } = await import('../db/client');
const { providerListQuerySchema } = await import('../contracts/discovery');
const { listProviders } = await import('../backend/services/listing-service');
const { globalSearch } = await import('../backend/services/search-service');
const { globalSearchRequests, providerListRequests } = await import('./workload');
const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
let dbms = 0;
const db = drizzle(pool) as any;
setDbForTesting({ db: new Proxy(db, { get(t, p, r) { if (p !== 'execute') return Reflect.get(t, p, r); return async (q: any) => { const s = performance.now(); const res = await t.execute(q); dbms += performance.now() - s; return res; }; } }), close: () => pool.end() });
const reqs = which === 'search' ? globalSearchRequests() : providerListRequests();
const run = (r: { path: string; headers?: Record<string, string> }) => which === 'search'
  ? globalSearch({ searchText: decodeURIComponent(r.headers!.searchText!), center: { lat: Number(r.headers!.latitude), lng: Number(r.headers!.longitude) } }, 'en').then((x) => JSON.stringify(x))
  : listProviders(providerListQuerySchema.parse(Object.fromEntries(new URLSearchParams(r.path.split('?')[1]))), 'en').then((x) => JSON.stringify(x));
// sequential timing per request
const times: [number, number, string][] = [];
for (const r of reqs) { await run(r); dbms = 0; const t = performance.now(); await run(r); times.push([performance.now() - t, dbms, r.path + ' ' + (r.headers?.searchText ?? '')]); }
times.sort((a, b) => b[0] - a[0]);
console.log('sequential mean', (times.reduce((s, x) => s + x[0], 0) / times.length).toFixed(2), 'ms; top:');
for (const [t, d, p] of times.slice(0, 8)) console.log(t.toFixed(1).padStart(6), d.toFixed(1).padStart(6), decodeURIComponent(p));
const cpu0 = process.cpuUsage(); const t0 = performance.now();
let done = 0; const total = Number(n ?? 300);
await Promise.all(Array.from({ length: 10 }, async () => { while (done < total) { const r = reqs[done++ % reqs.length]!; await run(r); } }));
const cpu = process.cpuUsage(cpu0); const wall = performance.now() - t0;
console.log(`${total} calls at 10 concurrent: ${(total / wall * 1000).toFixed(0)}/s, node cpu ${((cpu.user + cpu.system) / 1000 / total).toFixed(2)} ms per call`);
await pool.end();
