import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test files share one migrated and seeded PGlite image for this run (see test-db.ts). */
    pgliteImageDir: string;
  }
}

/** One folder per run for the shared PGlite image, removed when the run ends. */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-pglite-image-'));
  project.provide('pgliteImageDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
