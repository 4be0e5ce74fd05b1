import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { logger } from '../logging/logger';
import { ApiError } from './errors';

/** SPEC section 9: at most 5 images of under 10 MB each. */
export const MAX_UPLOAD_FILES = 5;
export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;
/** Text fields beside the files (a caption, which side of a card): short. */
const MAX_FIELD_BYTES = 2048;
const MAX_FIELDS = 20;
/** Multipart boundaries and part headers around the files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface UploadLimits {
  maxFiles?: number;
  maxFileBytes?: number;
}

export interface UploadedFile {
  /** The form field the file came in (e.g. `images`, `front`). */
  field: string;
  /** As the browser named it; never trusted for the type (the image pipeline reads the bytes). */
  filename: string;
  /** Where its bytes were written as they arrived (removed by the upload's `dispose`). */
  path: string;
  size: number;
  /** Its first bytes, for telling the type by its magic number without reading the file again. */
  head: Buffer;
}

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Removes the files' bytes from the spool folder. */
  dispose: () => Promise<void>;
}

function spoolFailed(error: unknown): never {
  logger.error({ err: error }, 'the upload spool folder cannot be written');
  throw new ApiError('storageUnavailable');
}

/** How many of a file's first bytes `head` keeps. */
const HEAD_BYTES = 16;

/** The largest body an upload with these limits may declare: its files and the multipart around them. */
export function uploadBodyLimit(limits: UploadLimits = {}): number {
  return (
    (limits.maxFiles ?? MAX_UPLOAD_FILES) * (limits.maxFileBytes ?? MAX_UPLOAD_FILE_BYTES) + MULTIPART_OVERHEAD_BYTES
  );
}

/**
 * Reads a multipart/form-data body as it streams in, with the limits enforced while reading:
 * a file that passes `maxFileBytes` stops the read there and answers `fileTooLarge` (413), one
 * file too many answers `tooManyFiles`, and a declared Content-Length over what the limits allow
 * is refused before a byte is read. Files are written to `spoolDir` as they arrive, never held in
 * memory: an upload of 50 MB costs the server its stream buffers, and the image pipeline reads the
 * files from disk in its own threads. On a refusal, whatever was written is removed.
 */
export async function readUpload(request: Request, limits: UploadLimits & { spoolDir: string }): Promise<Upload> {
  const maxFiles = limits.maxFiles ?? MAX_UPLOAD_FILES;
  const maxFileBytes = limits.maxFileBytes ?? MAX_UPLOAD_FILE_BYTES;
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new ApiError('unsupportedMediaType', 'api.multipartRequired');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > uploadBodyLimit(limits)) throw new ApiError('fileTooLarge');
  if (!request.body) throw new ApiError('badRequest', 'api.noFiles');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      limits: {
        files: maxFiles,
        fileSize: maxFileBytes,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: maxFiles + MAX_FIELDS,
      },
    });
  } catch {
    throw new ApiError('badRequest', 'api.malformedUpload'); // no or a broken boundary
  }
  await fs.promises.mkdir(limits.spoolDir, { recursive: true }).catch(spoolFailed);
  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  // In the order the parts came; a file cut off at its limit fails the whole upload.
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  const dispose = async () => {
    // A write cut short still opens its file: removed only once every write has closed.
    await Promise.allSettled(writes);
    await Promise.all(files.map((file) => fs.promises.rm(file.path, { force: true })));
  };

  const parsed = new Promise<Omit<Upload, 'dispose'>>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const streams: Readable[] = [];
    let settled = false;
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      // Stop reading: the rest of the body is not wanted. The HTTP server closes a connection
      // whose request body was not read to its end.
      source.unpipe(parser);
      source.destroy();
      for (const stream of streams) stream.destroy();
      reject(error);
    };

    parser.on('file', (field, stream, info) => {
      // A part the parser had already taken in when the upload was refused: not written.
      if (settled) return void stream.resume();
      const file: UploadedFile = {
        field,
        filename: info.filename ?? '',
        path: path.join(limits.spoolDir, `${crypto.randomUUID()}.part`),
        size: 0,
        head: Buffer.alloc(0),
      };
      files.push(file);
      streams.push(stream);
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        if (file.head.length < HEAD_BYTES) {
          file.head = Buffer.concat([file.head, chunk.subarray(0, HEAD_BYTES - file.head.length)]);
        }
      });
      stream.on('limit', () => fail(new ApiError('fileTooLarge')));
      writes.push(
        pipeline(stream, fs.createWriteStream(file.path)).catch((error: NodeJS.ErrnoException) => {
          // The disk refused the file (full, read-only): the server's trouble, not the upload's.
          if (error.syscall) {
            logger.error({ err: error }, 'an upload could not be written to the spool folder');
            fail(new ApiError('storageUnavailable'));
          } else fail(new ApiError('badRequest', 'api.malformedUpload'));
        }),
      );
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new ApiError('badRequest', 'api.malformedUpload'));
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(new ApiError('tooManyFiles')));
    parser.on('fieldsLimit', () => fail(new ApiError('badRequest', 'api.malformedUpload')));
    parser.on('partsLimit', () => fail(new ApiError('badRequest', 'api.malformedUpload')));
    parser.on('error', () => fail(new ApiError('badRequest', 'api.malformedUpload')));
    source.on('error', () => fail(new ApiError('badRequest', 'api.malformedUpload')));
    parser.on('close', () => {
      // Every file is on disk before the upload counts as read.
      void Promise.all(writes).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, files });
      });
    });
    source.pipe(parser);
  });
  try {
    return { ...(await parsed), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
