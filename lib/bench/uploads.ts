/**
 * The uploads part of `npm run bench` (README "Image storage"): a static file's and a search's
 * p95 with no upload running, then while five uploads of five ~9.7 MB noise PNGs each run, side
 * by side and again as each ends, so uploads are in flight for the whole measurement. The target:
 * both p95s within 2x of their baseline. Each upload is a fresh bench patient (each has the
 * default 50 MB quota and 30 files an hour); their rows go with removeBenchRows.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { createPatients, type BenchPatient } from './booking-data';
import { runLoad, type LoadResult } from './load';
import { globalSearchRequests, type BenchRequest } from './workload';

export interface UploadStallReport {
  staticFile: { idle: LoadResult; uploading: LoadResult };
  search: { idle: LoadResult; uploading: LoadResult };
  uploads: { done: number; failed: number; statuses: Record<number, number>; meanSeconds: number };
}

/** Noise does not compress: 1800 x 1800 RGB is about 9.7 MB as a PNG, under the 10 MB limit. */
async function noisePng(): Promise<Buffer> {
  return sharp(crypto.randomBytes(1800 * 1800 * 3), { raw: { width: 1800, height: 1800, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function uploadFive(baseUrl: string, patient: BenchPatient, images: Buffer[]): Promise<number> {
  const form = new FormData();
  form.set('purpose', 'teeth');
  images.forEach((bytes, i) =>
    form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `noise-${i}.png`),
  );
  const response = await fetch(`${baseUrl}/v4/images`, {
    method: 'POST',
    body: form,
    headers: { 'x-auth-token': patient.token },
  });
  await response.arrayBuffer();
  return response.status;
}

export async function measureUploadStall(options: {
  baseUrl: string;
  databaseUrl: string;
  seconds: number;
  connections: number;
  log: (line: string) => void;
}): Promise<UploadStallReport> {
  const { baseUrl, seconds, log } = options;
  const staticFile: BenchRequest[] = [{ path: '/flags/us.svg' }, { path: '/flags/es.svg' }];
  const search = globalSearchRequests();
  const connections = Math.max(1, Math.floor(options.connections / 2));
  const loads = () =>
    Promise.all([
      runLoad({ baseUrl, requests: staticFile, connections, seconds }),
      runLoad({ baseUrl, requests: search, connections, seconds }),
    ]);

  log('Uploads: generating five ~9.7 MB noise PNGs...');
  const images = await Promise.all(Array.from({ length: 5 }, noisePng));
  log(
    `Uploads: ${images.map((b) => (b.length / 1024 / 1024).toFixed(1)).join(', ')} MB; static file and search with no upload running...`,
  );
  const [staticIdle, searchIdle] = await loads();

  const patients = await createPatients(options.databaseUrl, 200, 'uploads');
  let nextPatient = 0;
  let stop = false;
  const statuses: Record<number, number> = {};
  const durations: number[] = [];
  let failed = 0;
  const lane = async () => {
    while (!stop && nextPatient < patients.length) {
      const started = performance.now();
      try {
        const status = await uploadFive(baseUrl, patients[nextPatient++]!, images);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 201) failed++;
      } catch {
        failed++;
      }
      durations.push((performance.now() - started) / 1000);
    }
  };
  log('Uploads: the same, while five uploads of 5 x 9.7 MB run (each replaced by a new one as it ends)...');
  const lanes = Array.from({ length: 5 }, lane);
  // A moment for the first bytes to arrive, so the measurement starts with uploads under way.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [staticBusy, searchBusy] = await loads();
  stop = true;
  await Promise.all(lanes);
  return {
    staticFile: { idle: staticIdle, uploading: staticBusy },
    search: { idle: searchIdle, uploading: searchBusy },
    uploads: {
      done: durations.length,
      failed,
      statuses,
      meanSeconds: durations.reduce((s, d) => s + d, 0) / Math.max(1, durations.length),
    },
  };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

/** The part's table rows and its two targets (p95 while uploading within 2x of p95 idle). */
export function uploadStallLines(report: UploadStallReport): {
  rows: string[][];
  targets: { name: string; value: string; met: boolean | undefined }[];
} {
  const kinds = [
    ['static file /flags/*.svg', report.staticFile],
    ['search /v4/globalSearch', report.search],
  ] as const;
  const rows = kinds.flatMap(([name, pair]) =>
    (['idle', 'uploading'] as const).map((when) => {
      const r = pair[when];
      return [
        `${name}, ${when === 'idle' ? 'no upload' : 'during 5 uploads'}`,
        String(r.requests),
        ms(r.p50),
        ms(r.p95),
        ms(r.p99),
        String(r.failures),
      ];
    }),
  );
  const u = report.uploads;
  rows.push([
    `uploads of 5 x 9.7 MB (${
      Object.entries(u.statuses)
        .map(([s, n]) => `${n}x ${s}`)
        .join(', ') || 'none finished'
    })`,
    String(u.done),
    `${u.meanSeconds.toFixed(1)} s mean`,
    '',
    '',
    String(u.failed),
  ]);
  const targets = kinds.map(([name, pair]) => {
    const ratio = pair.uploading.p95 / pair.idle.p95;
    return {
      name: `${name}: p95 during 5 uploads of 5 x 9.7 MB <= 2 x p95 with none`,
      value: `${ratio.toFixed(2)} (${ms(pair.uploading.p95)} / ${ms(pair.idle.p95)} ms)`,
      met: ratio <= 2 && pair.uploading.failures === 0 && u.done > 0,
    };
  });
  return { rows, targets };
}
