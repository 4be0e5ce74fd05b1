import 'server-only';
import { NOT_FOUND_MESSAGE_KEY, parseEntityId } from '../contracts/discovery';
import { ApiError } from './errors';

/** SPEC.md section 8: "Either this office doesn't exists or it is not available in your region." */
export function notFound(): never {
  throw new ApiError('notFound', NOT_FOUND_MESSAGE_KEY);
}

/** Provider and clinic ids of the wrong shape are as unknown as missing ones: 404 (SPEC.md section 8). */
export function entityId(params: Record<string, string>): number {
  const id = parseEntityId(params.id);
  if (id === undefined) notFound();
  return id;
}
