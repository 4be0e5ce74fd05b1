import fs from 'node:fs';
import path from 'node:path';

export type StaticRange = { kind: 'serve' } | { kind: 'ignored' } | { kind: 'unsatisfiable'; size: number };

/**
 * What to do with a `Range` header on a public file (RFC 9110 section 14). Next's static file
 * server answers an unsatisfiable range with a 500; this decides it first: `serve` for a range
 * Next can answer (or a file that is not there: Next's 404), `ignored` for a header that is not
 * a byte range (the whole file is sent), `unsatisfiable` (416) when no range starts inside the file.
 */
export function staticFileRange(publicDir: string, pathname: string, header: string): StaticRange {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname).replace(/^\/+/, '');
  } catch {
    return { kind: 'serve' };
  }
  const root = path.resolve(publicDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return { kind: 'serve' };
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { kind: 'serve' };
    size = stat.size;
  } catch {
    return { kind: 'serve' };
  }
  const match = /^bytes=(.+)$/i.exec(header.trim());
  if (!match) return { kind: 'ignored' };
  const ranges = match[1]!.split(',').map((part) => part.trim());
  let satisfiable = false;
  for (const part of ranges) {
    const range = /^(\d*)-(\d*)$/.exec(part);
    if (!range || (range[1] === '' && range[2] === '')) return { kind: 'ignored' };
    const [start, end] = [
      range[1] === '' ? undefined : Number(range[1]),
      range[2] === '' ? undefined : Number(range[2]),
    ];
    if (start !== undefined && end !== undefined && end < start) return { kind: 'ignored' };
    // "bytes=-N" (the last N bytes) is satisfiable when N > 0; "bytes=S-" and "S-E" when S < size.
    if (start === undefined ? end! > 0 && size > 0 : start < size) satisfiable = true;
  }
  return satisfiable ? { kind: 'serve' } : { kind: 'unsatisfiable', size };
}
