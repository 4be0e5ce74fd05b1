/**
 * Where a V8 CPU profile (`node --cpu-prof`, e.g. from lib/bench/booking-profile.ts) spent its
 * time: self time by package (or our own folder) and the top functions, and the total time of
 * the frames with the given names (inclusive, counted once per sample).
 *
 *   npx tsx lib/bench/profile-summary.ts <file.cpuprofile> [--top 40] [--match bookAppointment,checkSlot]
 *                                        [--window <from>-<to>]  (monotonic microseconds, as lib/bench/booking-profile.ts prints)
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top N] [--match NAME]');
const top = Number(rest[rest.indexOf('--top') + 1] ?? 0) || 40;
const match = rest.includes('--match') ? rest[rest.indexOf('--match') + 1]!.split(',') : undefined;
const windowArg = rest.includes('--window') ? rest[rest.indexOf('--window') + 1]!.split('-').map(Number) : undefined;
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function area(url: string): string {
  if (!url) return '(native/idle/gc)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url;
  const m = /\/(app|lib|components|\.next[^/]*)\/(.*)/.exec(url);
  return m ? `${m[1]}/${m[2]!.split('/').slice(0, -1).join('/') || '.'}` : url;
}

const selfByArea = new Map<string, number>();
const selfByFn = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (windowArg && (at < windowArg[0]! || at > windowArg[1]!)) continue;
  const dt = (profile.timeDeltas[i] ?? 0) / 1000;
  const node = byId.get(profile.samples[i]!)!;
  if (node.callFrame.functionName === '(idle)') continue;
  total += dt;
  const a = area(node.callFrame.url);
  selfByArea.set(a, (selfByArea.get(a) ?? 0) + dt);
  const f = `${node.callFrame.functionName || '(anonymous)'} ${area(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  selfByFn.set(f, (selfByFn.get(f) ?? 0) + dt);
  if (match) {
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!.callFrame;
      if (!match.some((m) => frame.functionName === m)) continue;
      const key = `${frame.functionName} ${area(frame.url)}`;
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
      seen.add(key);
    }
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${v.toFixed(1).padStart(9)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
};
console.log(`busy (not idle) ${total.toFixed(0)} ms`);
print('self time by area', selfByArea);
print('self time by function', selfByFn);
if (match) print(`inclusive time of frames named ${match.join(', ')}`, inclusive);
