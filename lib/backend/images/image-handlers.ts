import 'server-only';
import { translate } from '../../i18n/translate';
import { v4Handler } from '../http/handler';
import { deleteImage, readImage, uploadImages } from './images-service';

/** Thin /v4 handlers of the images resource (STYLE.md habit 1). */
export const imageHandlers = {
  // POST /v4/images - upload images (multipart/form-data)
  uploadImages: v4Handler('uploadImages', ({ auth, body, files }) => uploadImages(auth, body, files)),
  // GET /v4/images/{id} - the bytes of one of the patient's own images
  getImage: v4Handler('getImage', async ({ auth, params }) => {
    const image = await readImage(auth, params.id!);
    return new Response(new Uint8Array(image.bytes), {
      headers: {
        'content-type': image.contentType,
        'content-length': String(image.bytes.length),
        // Personal (teeth, insurance cards): never in a shared cache. An id's bytes never change.
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
      },
    });
  }),
  // DELETE /v4/images/{id}
  deleteImage: v4Handler('deleteImage', async ({ auth, params, locale }) => {
    await deleteImage(auth, params.id!);
    return { message: translate(locale, 'api.imageDeleted') };
  }),
};
