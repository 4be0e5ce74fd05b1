import { INTERNAL_KEY_HEADER, internalKey, isInternalKey } from '@/lib/config/internal-key';
import { syncDiscoveryPages, type PageSync } from '@/lib/bff/page-cache';
import { sessionSecret } from '@/lib/bff/secret';
import { ApiError } from '@/lib/http/errors';
import { errorResponse } from '@/lib/http/json';
import { logger, withRequestLog } from '@/lib/logging/logger';

// POST /api/page-cache - drops the cached provider and clinic pages whose data changed since the
// last call (lib/bff/page-cache.ts). Called by the launcher with the internal key, never by
// browsers. One sync at a time: a call during a sync waits for it.
let running: Promise<PageSync> | undefined;

export const POST = (request: Request): Promise<Response> => withRequestLog(request, () => sync(request));

async function sync(request: Request): Promise<Response> {
  if (!isInternalKey(request.headers.get(INTERNAL_KEY_HEADER), internalKey(sessionSecret(), 'page-cache'))) {
    return errorResponse(new ApiError('forbidden'), 'en');
  }
  try {
    running ??= syncDiscoveryPages().finally(() => {
      running = undefined;
    });
    return Response.json(await running, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    logger.error({ err: error }, 'page cache sync failed');
    return errorResponse(new ApiError('internal'), 'en');
  }
}
