import { bffRoute } from '@/lib/bff/route';
import { forwardV4 } from '@/lib/bff/v4-client';

// POST /api/images - upload images (multipart/form-data), streamed through to POST /v4/images
export const POST = bffRoute({
  auth: true,
  handle: ({ request, token, locale, ip }) =>
    forwardV4('uploadImages', {
      token,
      locale,
      clientIp: ip,
      body: request.body,
      contentType: request.headers.get('content-type'),
      contentLength: request.headers.get('content-length'),
    }),
});
