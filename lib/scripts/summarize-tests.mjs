// Sums the JSON reports of Vitest (PGlite and PostgreSQL runs) and Playwright into the one
// closing line CI reads: "N passed, N failed" (", N skipped" when any were skipped).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
const read = (name) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  } catch {
    return undefined;
  }
};

for (const name of ['vitest-pglite.json', 'vitest-postgres.json', 'vitest-two-processes.json']) {
  const report = read(name);
  // The two-process run needs the build and PostgreSQL; its report is missing only when they are.
  if (!report && name === 'vitest-two-processes.json') continue;
  if (!report) {
    console.log(`(no report from ${name}: counted as a failure)`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests ?? 0;
  // A file that fails to load has no failed tests but a failed suite: count it once.
  failed += (report.numFailedTests ?? 0) || (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const pw = read('playwright.json');
if (!pw) {
  console.log('(no Playwright report: counted as a failure)');
  failed += 1;
} else {
  passed += (pw.stats?.expected ?? 0) + (pw.stats?.flaky ?? 0);
  failed += pw.stats?.unexpected ?? 0;
  flaky += pw.stats?.flaky ?? 0;
  skipped += pw.stats?.skipped ?? 0;
  if (pw.errors?.length) failed += pw.errors.length;
}

console.log('');
console.log(
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky ? ` (${flaky} end-to-end passed only on retry: flaky)` : ''}`,
);
process.exit(failed > 0 ? 1 : 0);
