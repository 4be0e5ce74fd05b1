import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Backend and database modules import 'server-only', an empty module only under the react-server
 * condition (as inside Next's server bundle). A command-line script calls this before it imports
 * them (dynamically, after the call): run without the condition, the script runs itself again
 * with it and exits with that run's status.
 */
export function runUnderReactServer(scriptUrl: string): void {
  if (process.execArgv.some((arg) => arg.includes('react-server'))) return;
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, '--conditions=react-server', fileURLToPath(scriptUrl), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 1);
}
