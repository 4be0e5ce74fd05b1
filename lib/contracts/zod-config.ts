import { z } from 'zod';

/*
 * In the browser, zod's object schemas probe once whether `new Function` may be used to compile
 * a faster parser. Our Content-Security-Policy has no 'unsafe-eval' (lib/docs/decisions/
 * content-security-policy.md), so the probe is refused and, although zod catches that, the
 * browser reports a CSP violation on every page. `jitless` skips the probe; forms parse a handful
 * of fields, so the compiled parser buys nothing there. The server keeps it. Imported first by
 * every module that imports zod for the browser, before any schema is built or parsed.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });
