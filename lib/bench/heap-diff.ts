/**
 * `npx tsx lib/bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot`: what grew between two
 * V8 heap snapshots of one process (the soak's `--soak-heap-snapshots` writes them), by
 * constructor: objects whose count climbs with the requests served are held by something; a heap
 * whose totals hardly change while the process's memory grew was only given more room.
 */
import fs from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

type Totals = Map<string, { count: number; bytes: number }>;

function totals(file: string): { byName: Totals; bytes: number } {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const byName: Totals = new Map();
  let bytes = 0;
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]!]!;
    const size = data.nodes[i + sizeAt]!;
    // Objects by constructor; strings, code, arrays and the rest by their kind.
    const key = type === 'object' || type === 'native' ? `${type}: ${data.strings[data.nodes[i + nameAt]!]}` : type;
    const entry = byName.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += size;
    byName.set(key, entry);
    bytes += size;
  }
  return { byName, bytes };
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: npx tsx lib/bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot');
  process.exit(2);
}
const before = totals(beforeFile);
const after = totals(afterFile);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(`heap: ${mb(before.bytes)} MB -> ${mb(after.bytes)} MB`);
const rows = [...after.byName].map(([name, a]) => {
  const b = before.byName.get(name) ?? { count: 0, bytes: 0 };
  return { name, count: a.count - b.count, bytes: a.bytes - b.bytes, total: a.bytes };
});
rows.sort((x, y) => y.bytes - x.bytes);
console.log('| grew by MB | count change | now MB | what |\n|---|---|---|---|');
for (const row of rows.slice(0, 25)) {
  console.log(`| ${mb(row.bytes)} | ${row.count} | ${mb(row.total)} | ${row.name.slice(0, 80)} |`);
}
