import fs from 'node:fs';
import path from 'node:path';

/**
 * The methods each BFF route file (app/api/**\/route.ts) exports, read from the source at
 * start-up. Next answers a method a route file does not export with an empty 405 and no
 * `Allow` header, and an unknown method such as TRACE with a 500; lib/custom-server/edge.ts uses this
 * table to answer both with the `Allow` RFC 9110 asks for.
 */
export interface ApiRouteMethods {
  pattern: RegExp;
  methods: string[];
}

const EXPORTED = /export\s+(?:const|async\s+function|function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE)\b/g;

function routeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...routeFiles(full));
    else if (/^route\.(?:ts|tsx|js|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** `[id]` segments match one segment, `[...rest]` one or more; the rest literally. */
function patternOf(relativeDir: string): RegExp {
  const segments = relativeDir.split(path.sep).filter(Boolean);
  const source = segments
    .map((segment) => {
      if (/^\[\.\.\..+\]$/.test(segment)) return '/.+';
      if (/^\[.+\]$/.test(segment)) return '/[^/]+';
      return '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^/api${source}/?$`);
}

/** Reads app/api under `root`; an empty table when the source is not there (nothing is guessed). */
export function scanApiMethods(root: string): ApiRouteMethods[] {
  const apiDir = path.join(root, 'app', 'api');
  if (!fs.existsSync(apiDir)) return [];
  const dynamicSegments = (route: ApiRouteMethods) => route.pattern.source.split('[^/]+').length;
  return (
    routeFiles(apiDir)
      .map((file) => {
        const methods = new Set([...fs.readFileSync(file, 'utf8').matchAll(EXPORTED)].map((m) => m[1]!));
        if (methods.has('GET')) methods.add('HEAD'); // Next answers HEAD from GET
        return { pattern: patternOf(path.relative(apiDir, path.dirname(file))), methods: [...methods].sort() };
      })
      // Literal paths win over parameters, as in Next's router.
      .sort((a, b) => dynamicSegments(a) - dynamicSegments(b))
  );
}

/** The methods an /api path answers, or undefined for a path no route file claims. */
export function apiAllowedMethods(table: ApiRouteMethods[], pathname: string): string[] | undefined {
  return table.find((route) => route.pattern.test(pathname))?.methods;
}
