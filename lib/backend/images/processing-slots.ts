import 'server-only';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serverEnv } from '../../config/server-env';
import { ApiError } from '../errors';

/**
 * A counting semaphore with a bounded queue: at most `size` tasks run at once, up to `queue`
 * more wait their turn in arrival order, and one beyond that is refused at once with
 * `uploadsBusy` (503, Retry-After) instead of piling up memory behind the others.
 */
export class ProcessingSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      if (this.waiting.length >= this.queue)
        throw new ApiError('uploadsBusy', 'api.uploadsBusy', { retryAfterSeconds: 5 });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never dips and refills.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** Uploads that may wait per slot (an upload queues one file at a time, its next after its last). */
const QUEUED_PER_SLOT = 10;

let slots: ProcessingSlots | undefined;

/**
 * The server's image decoding slots. sharp decodes on libuv's thread pool, off the event loop,
 * but every image it decodes at once takes a core and its decoded pixels' memory: with one core
 * left to the event loop, pages and searches keep answering while uploads wait their turn.
 */
export function imageSlots(): ProcessingSlots {
  const size = serverEnv().IMAGE_PROCESSING_CONCURRENCY ?? Math.max(1, os.availableParallelism() - 1);
  if (slots?.size !== size) slots = new ProcessingSlots(size, size * QUEUED_PER_SLOT);
  return slots;
}

let uploads: ProcessingSlots | undefined;

/**
 * Uploads this process reads and handles at once, from the first byte of the body to the stored
 * images: one more is refused at once with `uploadsBusy` (503, Retry-After) before its body is
 * read, instead of after. Unset, as many as the decoding slots run and queue: an upload refused
 * here would have waited behind all of those.
 */
export function uploadSlots(): ProcessingSlots {
  const decoding = imageSlots();
  const size = serverEnv().UPLOADS_AT_ONCE ?? decoding.size + decoding.queue;
  if (uploads?.size !== size) uploads = new ProcessingSlots(size, 0);
  return uploads;
}

/**
 * Where uploads' files are written as they arrive, until they are processed and stored (each
 * request removes its own; the pending-uploads job removes what a dead process left).
 */
export function uploadSpoolDir(): string {
  return path.join(serverEnv().dataDir, 'uploads-in-progress');
}

/** Removes the spool folder's files last written before `before`: no upload lasts that long. */
export async function sweepUploadSpool(before: Date): Promise<void> {
  const dir = uploadSpoolDir();
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat && stat.mtime < before) await fs.rm(path.join(dir, name), { force: true });
  }
}
