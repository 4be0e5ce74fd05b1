import 'server-only';
import sharp from 'sharp';
import { ApiError } from '../errors';

export type ImageType = 'image/png' | 'image/jpeg';

export interface ProcessedImage {
  contentType: ImageType;
  bytes: Buffer;
  width: number;
  height: number;
}

// One libvips thread per image: the number of images decoded at once is bounded by the
// processing slots (processing-slots.ts), so the cores an upload takes are counted there; and no
// operation cache, as an uploaded image is never decoded twice.
sharp.concurrency(1);
sharp.cache(false);

/** Longest side kept: a phone photo of a card or a tooth stays legible, a 50-megapixel one shrinks. */
export const MAX_IMAGE_SIDE = 2560;
/** Refuse decompression bombs before decoding: a small file that claims a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The type from the first bytes (magic numbers), never from the name or the browser's type:
 * a script renamed .png is not a PNG (SPEC section 5: png, jpg, jpeg only).
 */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/**
 * One pipeline for every image patients upload (profile photo, teeth images, insurance cards):
 * the type is read from the bytes, the image is decoded whole (a corrupt or truncated file is
 * refused) and re-encoded in its own format, turned upright by its EXIF orientation, bounded in
 * size, and written without metadata (GPS position, camera, time: sharp keeps none unless asked).
 */
export async function processImage(
  input: Buffer | { path: string; head: Buffer },
  options: { square?: boolean } = {},
): Promise<ProcessedImage> {
  // An upload's file is read by sharp from disk, in its own thread; images made on the server
  // (the demo seed's, the tests') come as bytes.
  const [head, source] = Buffer.isBuffer(input) ? [input, input] : [input.head, input.path];
  const contentType = detectImageType(head);
  if (!contentType) throw new ApiError('invalidImageFormat');
  try {
    let pipeline = sharp(source, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    }).rotate();
    pipeline = options.square
      ? pipeline.resize({ width: 512, height: 512, fit: 'cover', position: 'attention' })
      : pipeline.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    pipeline =
      contentType === 'image/png'
        ? pipeline.png({ compressionLevel: 6 })
        : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { contentType, bytes: data, width: info.width, height: info.height };
  } catch {
    throw new ApiError('corruptImage');
  }
}
