import 'server-only';
import { parseServerEnv } from '../config/server-env';
import { ensureSessionSecret } from '../config/data-dir';

let secret: string | undefined;

/** SESSION_SECRET, or the one generated once and kept in DATA_DIR. */
export function sessionSecret(): string {
  if (!secret) {
    const env = parseServerEnv();
    secret = ensureSessionSecret(env.dataDir, env.SESSION_SECRET);
  }
  return secret;
}
