/**
 * Where the browser loads one of the patient's own images: the BFF, which adds the session's
 * token and serves it with Cache-Control: private. A user's `profileImage` is such an image id.
 */
export function ownImageUrl(imageId: string | null | undefined): string | null {
  return imageId ? `/api/images/${encodeURIComponent(imageId)}` : null;
}
