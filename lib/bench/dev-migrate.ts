// dev: apply migrations to a database
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
if (!process.execArgv.some((a) => a.includes('react-server'))) {
  const c = spawnSync(process.execPath, [...process.execArgv, '--conditions=react-server', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(c.status ?? 1);
}
const { openDatabase } = await import('/work/main/lib/db/client');
const t = performance.now();
const h = await openDatabase({ databaseUrl: process.argv[2], seed: false });
console.log('migrated in', Math.round(performance.now() - t), 'ms');
await h.close();
