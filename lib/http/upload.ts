import 'server-only';
import { Readable } from 'node:stream';
import busboy from 'busboy';
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
  bytes: Buffer;
}

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
}

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
 * is refused before a byte is read. The body is never buffered whole: at most one file's bytes
 * (under the per-file limit) are held beyond those already accepted.
 */
export async function readUpload(request: Request, limits: UploadLimits = {}): Promise<Upload> {
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
  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);

  return new Promise<Upload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let settled = false;
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      // Stop reading: the rest of the body is not wanted. The HTTP server closes a connection
      // whose request body was not read to its end.
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };

    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(new ApiError('fileTooLarge')));
      stream.on('end', () => {
        if (settled || stream.truncated) return;
        files.push({ field, filename: info.filename ?? '', bytes: Buffer.concat(chunks, size) });
      });
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
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    source.pipe(parser);
  });
}
