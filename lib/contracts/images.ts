import './zod-config';
import { z } from 'zod';

/** SPEC section 5 and 9: png, jpg, jpeg only; under 10 MB each; at most 5 at once. */
export const MAX_IMAGES_PER_UPLOAD = 5;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const IMAGE_PURPOSES = ['profile', 'teeth', 'insurance'] as const;
export const imagePurposeSchema = z.enum(IMAGE_PURPOSES);
export type ImagePurpose = z.infer<typeof imagePurposeSchema>;

/** The text fields of a `multipart/form-data` upload; the files come in the `images` field. */
export const imageUploadFieldsSchema = z.strictObject({ purpose: imagePurposeSchema });
export type ImageUploadFields = z.infer<typeof imageUploadFieldsSchema>;

export const imageIdSchema = z.uuid();

/** `{id}` of /v4/images/{id}: an id of another shape is as unknown as a missing one (404). */
export const imageIdPathSchema = z.strictObject({ id: imageIdSchema });

export const imageSchema = z.object({
  id: imageIdSchema,
  purpose: imagePurposeSchema,
  contentType: z.enum(ACCEPTED_IMAGE_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  byteSize: z.number().int().positive(),
  createdAt: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

export const imageListSchema = z.array(imageSchema);
